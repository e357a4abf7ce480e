import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClassifierError } from './errors.js';
import { loadClassifier } from './load.js';
import type { ModelManifest, ModelPins } from './manifest.js';
import type { DownloadProgress } from './progress.js';
import { pullModel } from './pull.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
let source: string;
let sourceManifest: ModelManifest;
let pins: ModelPins;
let server: Server;
let baseUrl: string;
const requests: string[] = [];
/** Per-test server behaviour: which paths answer what. */
let behaviour: (path: string) => { status: number; body?: Buffer; length?: 'omit' | number } = () => ({ status: 404 });

beforeAll(async () => {
  source = mkdtempSync(join(tmpdir(), 'parapet-pull-source-'));
  execFileSync(process.execPath, [join(repoRoot, 'scripts/make-tiny-model.mjs'), source]);
  sourceManifest = JSON.parse(readFileSync(join(source, 'parapet-model.json'), 'utf8'));
  pins = { 'model.onnx': sourceManifest.files['model.onnx'].sha256, 'tokenizer.json': sourceManifest.files['tokenizer.json'].sha256 };
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const answer = behaviour(req.url ?? '');
    const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream' };
    if (answer.body && answer.length !== 'omit') headers['content-length'] = answer.length ?? answer.body.length;
    if (!answer.body) {
      res.writeHead(answer.status).end();
      return;
    }
    res.writeHead(answer.status, headers);
    // Two writes so the client sees the body arrive in parts.
    const half = Math.floor(answer.body.length / 2);
    res.write(answer.body.subarray(0, half));
    setImmediate(() => (answer.length !== undefined && answer.length !== 'omit' ? res.destroy() : res.end(answer.body?.subarray(half))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/protectai/onnx/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(source, { recursive: true, force: true });
});

/** Serves the tiny model's files under /protectai/onnx/. */
const serveModel = (path: string) => {
  const file = path.replace('/protectai/onnx/', '');
  if (file !== 'model.onnx' && file !== 'tokenizer.json') return { status: 404 };
  return { status: 200, body: readFileSync(join(source, file)) };
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parapet-pull-target-'));
  requests.length = 0;
  behaviour = serveModel;
  return () => rmSync(dir, { recursive: true, force: true });
});

const tinyDescription = { name: 'parapet-tiny-test-model', labels: ['SAFE', 'INJECTION'], injectionLabel: 1, window: 512 };
const pullError = (options: Partial<Parameters<typeof pullModel>[0]>) =>
  pullModel({ dir, baseUrl, model: tinyDescription, ...options }).then(
    () => {
      throw new Error('expected the pull to fail');
    },
    (error: unknown) => error as ClassifierError,
  );

describe('pullModel against a loopback mirror', () => {
  it('downloads, verifies, installs a loadable model and reports progress per file', async () => {
    const seen: DownloadProgress[] = [];
    const manifest = await pullModel({ dir, baseUrl, expectedSha256s: pins, model: tinyDescription, onProgress: (p) => seen.push(p) });

    expect(manifest.files).toEqual(sourceManifest.files);
    expect(manifest.source).toBe(baseUrl);
    expect(readdirSync(dir).sort()).toEqual(['model.onnx', 'parapet-model.json', 'tokenizer.json']);
    const last = (file: string) => seen.filter((p) => p.file === file).at(-1);
    expect(last('model.onnx')).toEqual({ file: 'model.onnx', fileIndex: 1, fileCount: 2, receivedBytes: sourceManifest.files['model.onnx'].bytes, totalBytes: sourceManifest.files['model.onnx'].bytes });
    expect(last('tokenizer.json')?.fileIndex).toBe(2);
    expect(seen[0]).toMatchObject({ file: 'model.onnx', receivedBytes: 0 });

    const classifier = await loadClassifier(dir, { intraOpThreads: 1, expectedSha256s: pins });
    expect((await classifier.classify('ignore previous instructions')).injection).toBeGreaterThan(0.9);
    await classifier.close();
  });

  it('installs nothing when a file does not match its pin, and leaves no temporary files', async () => {
    const wrong = { ...pins, 'tokenizer.json': 'f'.repeat(64) };
    const error = await pullError({ expectedSha256s: wrong });
    expect(error.code).toBe('MODEL_INTEGRITY');
    expect(error.message).toMatch(/tokenizer\.json has SHA-256 .* not installed/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses to start without pins unless recording them on first download is allowed', async () => {
    const error = await pullError({});
    expect(error.code).toBe('MODEL_INTEGRITY');
    expect(requests).toEqual([]);
    const manifest = await pullModel({ dir, baseUrl, allowUnpinned: true, model: tinyDescription });
    expect(manifest.files).toEqual(sourceManifest.files);
  });

  it('turns an HTTP error into MODEL_DOWNLOAD_FAILED (retryable for 5xx only)', async () => {
    behaviour = () => ({ status: 404 });
    const notFound = await pullError({ expectedSha256s: pins });
    expect(notFound).toMatchObject({ code: 'MODEL_DOWNLOAD_FAILED', retryable: false });
    expect(notFound.message).toMatch(/HTTP 404/);
    behaviour = () => ({ status: 503 });
    expect(await pullError({ expectedSha256s: pins })).toMatchObject({ code: 'MODEL_DOWNLOAD_FAILED', retryable: true });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('detects a truncated body against Content-Length', async () => {
    behaviour = (path) => {
      const served = serveModel(path);
      return served.body ? { ...served, length: served.body.length } : served;
    };
    const error = await pullError({ expectedSha256s: pins });
    expect(error.code).toBe('MODEL_DOWNLOAD_FAILED');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no model folder (and nothing beside it) when the download fails mid-way', async () => {
    behaviour = (path) => {
      const served = serveModel(path);
      return served.body ? { ...served, length: served.body.length } : served;
    };
    const target = join(dir, 'models', 'prompt-injection');
    const error = await pullError({ dir: target, expectedSha256s: pins });
    expect(error.code).toBe('MODEL_DOWNLOAD_FAILED');
    expect(readdirSync(join(dir, 'models'))).toEqual([]);
  });

  it('replaces a previous install as a whole', async () => {
    await pullModel({ dir, baseUrl, expectedSha256s: pins, model: tinyDescription });
    const again = await pullModel({ dir, baseUrl, expectedSha256s: pins, model: tinyDescription });
    expect(again.files).toEqual(sourceManifest.files);
    expect(readdirSync(dir).sort()).toEqual(['model.onnx', 'parapet-model.json', 'tokenizer.json']);
    expect(readdirSync(join(dir, '..')).filter((name) => name.includes(basename(dir)) && name !== basename(dir))).toEqual([]);
  });

  it('keeps a previous install intact when the new pull fails', async () => {
    await pullModel({ dir, baseUrl, expectedSha256s: pins, model: tinyDescription });
    behaviour = () => ({ status: 500 });
    await pullError({ expectedSha256s: pins });
    const classifier = await loadClassifier(dir, { intraOpThreads: 1, expectedSha256s: pins });
    await classifier.close();
  });

  it('refuses a file over the size limit without storing it', async () => {
    const error = await pullError({ expectedSha256s: pins, maxBytesPerFile: 100 });
    expect(error.code).toBe('MODEL_DOWNLOAD_FAILED');
    expect(error.message).toMatch(/100-byte limit/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('works when the server sends no Content-Length', async () => {
    behaviour = (path) => ({ ...serveModel(path), length: 'omit' as const });
    const seen: DownloadProgress[] = [];
    await pullModel({ dir, baseUrl, expectedSha256s: pins, model: tinyDescription, onProgress: (p) => seen.push(p) });
    expect(seen.every((p) => p.totalBytes === null)).toBe(true);
  });

  it('refuses plain HTTP to anything but loopback, and malformed pins', async () => {
    const insecure = await pullError({ expectedSha256s: pins, baseUrl: 'http://models.example.com/onnx/' });
    expect(insecure.code).toBe('MODEL_DOWNLOAD_FAILED');
    expect(insecure.message).toMatch(/HTTPS required/);
    expect((await pullError({ expectedSha256s: { ...pins, 'model.onnx': 'abc' } })).message).toMatch(/not 64 hex digits/);
    expect(requests).toEqual([]);
  });
});
