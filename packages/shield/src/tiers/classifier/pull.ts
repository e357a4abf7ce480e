import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ClassifierError } from './errors.js';
import { MODEL_FILES, sha256HexSchema, writeManifest, type ModelFile, type ModelManifest, type ModelPins } from './manifest.js';
import type { DownloadProgress } from './progress.js';
import { REFERENCE_MODEL, type ModelDescription } from './reference-model.js';

export interface PullModelOptions {
  /** Folder URL the files are fetched from: `baseUrl + "model.onnx"`, `baseUrl + "tokenizer.json"`. */
  readonly baseUrl?: string;
  /** Model folder to install into (created if missing). */
  readonly dir: string;
  /** Expected SHA-256 of each file; a mismatch installs nothing. */
  readonly expectedSha256s?: ModelPins;
  /** Without pins, refuse unless this is set: the hashes are then recorded at download (trust on first use). */
  readonly allowUnpinned?: boolean;
  /** Recorded in the manifest; default the reference model's. */
  readonly model?: ModelDescription;
  readonly onProgress?: (progress: DownloadProgress) => void;
  readonly signal?: AbortSignal;
  /** Refuse any file larger than this; default 4 GB. */
  readonly maxBytesPerFile?: number;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const PROGRESS_STEP_BYTES = 256 * 1024;

function downloadError(message: string, retryable: boolean, cause?: unknown): ClassifierError {
  return new ClassifierError('MODEL_DOWNLOAD_FAILED', message, retryable, cause === undefined ? undefined : { cause });
}

/** HTTPS only; plain HTTP is accepted for loopback mirrors (and tests), never across a network. */
function checkTransport(url: URL): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return;
  throw downloadError(`refusing to download over ${url.protocol}//${url.host}: HTTPS required`, false);
}

interface Downloaded {
  readonly temp: string;
  readonly sha256: string;
  readonly bytes: number;
}

async function download(url: URL, temp: string, limit: number, report: (received: number, total: number | null) => void, signal?: AbortSignal): Promise<Downloaded> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow', ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw downloadError('download cancelled', false, error);
    throw downloadError(`cannot reach ${url.host}: ${(error as Error).message}`, true, error);
  }
  checkTransport(new URL(response.url || url.href));
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw downloadError(`GET ${url.href} answered HTTP ${response.status}`, response.status >= 500 || response.status === 429);
  }
  const header = response.headers.get('content-length');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  if (total !== null && total > limit) {
    await response.body.cancel();
    throw downloadError(`${url.href} is ${total} bytes, over the ${limit}-byte limit`, false);
  }

  const hash = createHash('sha256');
  const handle = await open(temp, 'wx', 0o644);
  let received = 0;
  let reported = 0;
  try {
    report(0, total);
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      received += chunk.byteLength;
      if (received > limit) throw downloadError(`${url.href} exceeds the ${limit}-byte limit`, false);
      hash.update(chunk);
      await handle.write(chunk);
      if (received - reported >= PROGRESS_STEP_BYTES) {
        reported = received;
        report(received, total);
      }
    }
    if (total !== null && received !== total) throw downloadError(`${url.href} ended after ${received} of ${total} bytes`, true);
    await handle.sync();
    report(received, total);
  } catch (error) {
    if (error instanceof ClassifierError) throw error;
    if (signal?.aborted) throw downloadError('download cancelled', false, error);
    throw downloadError(`download of ${url.href} failed: ${(error as Error).message}`, true, error);
  } finally {
    await handle.close();
  }
  return { temp, sha256: hash.digest('hex'), bytes: received };
}

function checkPinsFormat(pins: ModelPins): void {
  for (const file of MODEL_FILES) {
    if (!sha256HexSchema.safeParse(pins[file]?.toLowerCase()).success) {
      throw new ClassifierError('MODEL_INVALID', `expected SHA-256 for ${file} is not 64 hex digits`);
    }
  }
}

/**
 * Puts the complete folder `staged` at `dir` with renames only: a previous install is moved aside
 * first (rename cannot replace a non-empty folder), so `dir` is always absent, the old install or
 * the new one, never a mix or a half.
 */
async function swapInto(staged: string, dir: string, nonce: string): Promise<void> {
  const previous = join(dirname(dir), `.${basename(dir)}.${nonce}.old`);
  try {
    await rename(staged, dir);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
  await rename(dir, previous);
  try {
    await rename(staged, dir);
  } catch (error) {
    await rename(previous, dir);
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
}

/**
 * Downloads model.onnx and tokenizer.json into a temporary folder beside `dir`, streaming each
 * while hashing it, checks both against their pins, writes the manifest, then renames the complete
 * folder into place. On any failure nothing is installed, no folder is left behind and a previous
 * install stays as it was. Returns the manifest.
 */
export async function pullModel(options: PullModelOptions): Promise<ModelManifest> {
  const pins = options.expectedSha256s;
  if (pins) checkPinsFormat(pins);
  else if (options.allowUnpinned !== true) {
    throw new ClassifierError('MODEL_INTEGRITY', 'no expected SHA-256 given for the model files: pass pins, or allow recording them on first download');
  }
  const base = new URL((options.baseUrl ?? REFERENCE_MODEL.baseUrl).replace(/\/*$/, '/'));
  checkTransport(base);
  const model = options.model ?? REFERENCE_MODEL;
  const limit = options.maxBytesPerFile ?? 4e9;
  await mkdir(dirname(options.dir), { recursive: true });

  const downloaded = new Map<ModelFile, Downloaded>();
  const nonce = randomBytes(6).toString('hex');
  const staged = await mkdtemp(join(dirname(options.dir), `.${basename(options.dir)}.partial-`));
  try {
    for (const [index, file] of MODEL_FILES.entries()) {
      const temp = join(staged, `.${file}.part`);
      const report = (receivedBytes: number, totalBytes: number | null) =>
        options.onProgress?.({ file, fileIndex: index + 1, fileCount: MODEL_FILES.length, receivedBytes, totalBytes });
      const result = await download(new URL(file, base), temp, limit, report, options.signal);
      downloaded.set(file, result);
      const expected = pins?.[file].toLowerCase();
      if (expected !== undefined && result.sha256 !== expected) {
        throw new ClassifierError('MODEL_INTEGRITY', `downloaded ${file} has SHA-256 ${result.sha256.slice(0, 12)}…, expected ${expected.slice(0, 12)}…: not installed`);
      }
    }
    const files = Object.fromEntries(
      MODEL_FILES.map((file) => {
        const { sha256, bytes } = downloaded.get(file) as Downloaded;
        return [file, { sha256, bytes }];
      }),
    ) as ModelManifest['files'];
    const manifest: ModelManifest = {
      format: 1,
      name: model.name,
      source: base.href,
      labels: [...model.labels],
      injectionLabel: model.injectionLabel,
      window: model.window,
      ...(model.vocabSize === undefined ? {} : { vocabSize: model.vocabSize }),
      files,
    };
    for (const file of MODEL_FILES) await rename((downloaded.get(file) as Downloaded).temp, join(staged, file));
    await writeManifest(staged, manifest);
    await swapInto(staged, options.dir, nonce);
    return manifest;
  } finally {
    await rm(staged, { recursive: true, force: true });
  }
}
