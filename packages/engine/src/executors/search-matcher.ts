import { Worker } from 'node:worker_threads';
import { ExecutionError } from './errors.js';
import { SEARCH_WORKER_SOURCE } from './search-worker-source.js';

/** The model's pattern, compiled in a worker the deadline can stop. */
export interface SearchMatcher {
  /** Indexes of the texts the pattern matches. */
  match(texts: readonly string[]): Promise<number[]>;
  close(): void;
}

type WorkerReply = { ready: true } | { failed: string } | { id: number; hits: number[] };

/** Resolves once the pattern compiled; rejects with the compiler's message, or when `signal` fires. */
export function startMatcher(pattern: string, signal: AbortSignal): Promise<SearchMatcher> {
  return new Promise((resolveStart, rejectStart) => {
    if (signal.aborted) {
      rejectStart(new ExecutionError('search_files: stopped before it started', 'EXECUTION_TIMEOUT'));
      return;
    }
    const worker = new Worker(SEARCH_WORKER_SOURCE, { eval: true, execArgv: [], workerData: { pattern }, resourceLimits: { maxOldGenerationSizeMb: 128 } });
    const pending = new Map<number, { resolve: (hits: number[]) => void; reject: (error: Error) => void }>();
    let nextId = 0;
    let failure: ExecutionError | undefined;

    const fail = (error: ExecutionError): void => {
      failure ??= error;
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      rejectStart(failure);
      for (const waiter of pending.values()) waiter.reject(failure);
      pending.clear();
    };
    const onAbort = (): void => fail(new ExecutionError('search_files: stopped (took too long)', 'EXECUTION_TIMEOUT'));
    signal.addEventListener('abort', onAbort, { once: true });

    const matcher: SearchMatcher = {
      match: (texts) =>
        new Promise((resolve, reject) => {
          if (failure) {
            reject(failure);
            return;
          }
          const id = nextId++;
          pending.set(id, { resolve, reject });
          worker.postMessage({ id, texts });
        }),
      close: () => {
        signal.removeEventListener('abort', onAbort);
        void worker.terminate();
      },
    };

    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) resolveStart(matcher);
      else if ('failed' in reply) fail(new ExecutionError(`search_files: ${reply.failed}`));
      else {
        pending.get(reply.id)?.resolve(reply.hits);
        pending.delete(reply.id);
      }
    });
    worker.once('error', (error) => fail(new ExecutionError(`search_files: ${error.message}`)));
    worker.once('exit', (code) => fail(new ExecutionError(`search_files: worker stopped (exit ${code})`)));
  });
}
