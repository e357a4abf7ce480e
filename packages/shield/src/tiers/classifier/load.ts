import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ClassifierError } from './errors.js';
import { planFeeds } from './feed-plan.js';
import { readPinned } from './integrity.js';
import { MODEL_FILES, readManifest, type ModelManifest, type ModelPins } from './manifest.js';
import { OnnxClassifier } from './onnx-classifier.js';
import { SessionHost } from './session-host.js';
import { WindowEncoder } from './window-encoder.js';

export interface LoadClassifierOptions {
  /**
   * Pins held outside the model folder (e.g. in the host's config). When given, the manifest must
   * carry exactly these hashes: someone able to rewrite the folder cannot re-pin it themselves.
   */
  readonly expectedSha256s?: ModelPins;
  /** onnxruntime intra-op threads; default half the cores, at most 4. */
  readonly intraOpThreads?: number;
  /** Windows per run; default 4. */
  readonly batchSize?: number;
  /** Tokens shared by consecutive windows; default 64 (capped at half a window). */
  readonly overlap?: number;
  /** Most windows one text may need; default 16 (≈ 7 800 tokens with the reference model). */
  readonly maxWindows?: number;
}

export function defaultIntraOpThreads(): number {
  return Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));
}

function positiveInt(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new ClassifierError('MODEL_INVALID', `${name} must be a positive integer, got ${value}`);
  return value;
}

function checkPins(manifest: ModelManifest, pins: ModelPins): void {
  for (const file of MODEL_FILES) {
    const expected = pins[file].toLowerCase();
    if (manifest.files[file].sha256 !== expected) {
      throw new ClassifierError('MODEL_INTEGRITY', `the installed ${file} is not the pinned one (manifest ${manifest.files[file].sha256.slice(0, 12)}…, config ${expected.slice(0, 12)}…): refusing to load it`);
    }
  }
}

function parseTokenizer(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ClassifierError('MODEL_INVALID', 'tokenizer.json is not valid UTF-8 JSON');
  }
}

/**
 * Loads tier 1b from a model folder: manifest, then each file read once and checked against its
 * SHA-256 pin, then the tokenizer and the ONNX session (in a worker thread). Any mismatch or
 * surprise refuses with a ClassifierError; nothing is loaded from bytes that were not verified.
 */
export async function loadClassifier(dir: string, options: LoadClassifierOptions = {}): Promise<OnnxClassifier> {
  const runOptions = {
    batchSize: positiveInt('batchSize', options.batchSize, 4),
    overlap: options.overlap ?? 64,
    maxWindows: positiveInt('maxWindows', options.maxWindows, 16),
  };
  const intraOp = positiveInt('intraOpThreads', options.intraOpThreads, defaultIntraOpThreads());
  if (!Number.isInteger(runOptions.overlap) || runOptions.overlap < 0) throw new ClassifierError('MODEL_INVALID', `overlap must be a non-negative integer, got ${runOptions.overlap}`);

  const manifest = await readManifest(dir);
  if (options.expectedSha256s) checkPins(manifest, options.expectedSha256s);

  const tokenizerBytes = await readPinned(join(dir, 'tokenizer.json'), manifest.files['tokenizer.json']);
  const encoder = WindowEncoder.create(parseTokenizer(tokenizerBytes), manifest.window);
  if (manifest.vocabSize !== undefined && encoder.maxTokenId >= manifest.vocabSize) {
    throw new ClassifierError('MODEL_INVALID', `tokenizer.json has token id ${encoder.maxTokenId}, beyond the model's ${manifest.vocabSize} embeddings`);
  }

  const modelBytes = await readPinned(join(dir, 'model.onnx'), manifest.files['model.onnx']);
  const session = await SessionHost.start(modelBytes, { intraOp });
  try {
    const plan = planFeeds(session.inputs, session.outputs, manifest.labels.length);
    return new OnnxClassifier(encoder, session, plan, manifest, runOptions);
  } catch (error) {
    await session.close();
    throw error;
  }
}
