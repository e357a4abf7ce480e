import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ClassifierError } from './errors.js';
import { SESSION_WORKER_SOURCE } from './session-worker-source.js';

export interface TensorInfo {
  readonly name: string;
  readonly isTensor: boolean;
  /** onnxruntime type name, e.g. `int64`, `float32`; null for non-tensors. */
  readonly type: string | null;
  /** Dimensions; symbolic ones by name (e.g. `batch`). */
  readonly shape: readonly string[];
}

export interface SessionThreads {
  /** Threads one kernel may use. Kept modest: the engine shares the machine with the user. */
  readonly intraOp: number;
}

export interface RunOutput {
  readonly data: Float32Array;
  readonly dims: readonly number[];
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * One ONNX session in its own worker thread (see session-worker-source.ts for why). The worker
 * is unref'd while idle so an idle classifier never keeps a process alive, and ref'd while a run
 * is in flight so a CLI waiting for a verdict does not exit early.
 */
export class SessionHost {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: ClassifierError | null = null;

  private constructor(
    private readonly worker: Worker,
    readonly inputs: readonly TensorInfo[],
    readonly outputs: readonly TensorInfo[],
  ) {}

  /** Starts the worker and loads the (already verified) model bytes into it; the bytes are transferred. */
  static async start(model: Uint8Array, threads: SessionThreads): Promise<SessionHost> {
    const onnxruntimePath = createRequire(import.meta.url).resolve('onnxruntime-node');
    const worker = new Worker(SESSION_WORKER_SOURCE, { eval: true, execArgv: [], workerData: { onnxruntimePath } });
    // Only our own listeners are removed afterwards: Worker keeps internal ones (port referencing).
    let detach = () => {};
    const loaded = new Promise<{ inputs: TensorInfo[]; outputs: TensorInfo[] }>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`inference worker exited with code ${code}`));
      const onMessage = (reply: Reply) => {
        if (reply.ok) resolve(reply.result as { inputs: TensorInfo[]; outputs: TensorInfo[] });
        else reject(new Error(reply.message));
      };
      worker.on('error', reject).on('exit', onExit).on('message', onMessage);
      detach = () => worker.off('error', reject).off('exit', onExit).off('message', onMessage);
    });
    const options = {
      intraOpNumThreads: threads.intraOp,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    };
    // Transfer, not copy: the reference model is ~739 MB. A view into a larger buffer is copied first.
    const whole = model.byteOffset === 0 && model.byteLength === model.buffer.byteLength ? model : model.slice();
    worker.postMessage({ id: 0, kind: 'load', model: whole.buffer, options }, [whole.buffer as ArrayBuffer]);
    try {
      const { inputs, outputs } = await loaded;
      detach();
      const host = new SessionHost(worker, inputs, outputs);
      host.listen();
      return host;
    } catch (error) {
      detach();
      await worker.terminate();
      throw new ClassifierError('MODEL_INVALID', `onnxruntime cannot load model.onnx: ${(error as Error).message}`, false, { cause: error });
    }
  }

  private listen(): void {
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.settled(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new ClassifierError('CLASSIFIER_FAILED', `inference failed: ${reply.message}`));
    });
    this.worker.on('error', (error) => this.fail(new ClassifierError('CLASSIFIER_CLOSED', `inference worker crashed: ${error.message}`, false, { cause: error })));
    this.worker.on('exit', (code) => this.fail(new ClassifierError('CLASSIFIER_CLOSED', `inference worker exited (code ${code})`)));
  }

  /** Runs the session on int64 feeds of shape `dims` and returns one float32 output. */
  run(feeds: Readonly<Record<string, BigInt64Array>>, dims: readonly [number, number], output: string): Promise<RunOutput> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const result = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) this.worker.ref();
    const transfer = Object.values(feeds).map((feed) => feed.buffer as ArrayBuffer);
    this.worker.postMessage({ id, kind: 'run', feeds, dims, output }, transfer);
    return result as Promise<RunOutput>;
  }

  /** Stops the worker; runs in flight and later calls reject with CLASSIFIER_CLOSED. */
  async close(): Promise<void> {
    this.fail(new ClassifierError('CLASSIFIER_CLOSED', 'classifier closed'));
    await this.worker.terminate();
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private fail(error: ClassifierError): void {
    this.failure ??= error;
    for (const [id, waiter] of this.pending) {
      this.pending.delete(id);
      waiter.reject(this.failure);
    }
  }
}
