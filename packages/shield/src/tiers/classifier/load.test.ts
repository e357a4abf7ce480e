import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClassifierError } from './errors.js';
import { loadClassifier } from './load.js';
import type { ModelManifest } from './manifest.js';
import { classifierStatus } from './status.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const dirs: string[] = [];

function tinyModel(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parapet-tiny-load-'));
  dirs.push(dir);
  execFileSync(process.execPath, [join(repoRoot, 'scripts/make-tiny-model.mjs'), dir]);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const manifestPath = (dir: string) => join(dir, 'parapet-model.json');
const readManifestJson = (dir: string): ModelManifest => JSON.parse(readFileSync(manifestPath(dir), 'utf8'));
const writeManifestJson = (dir: string, manifest: unknown) => writeFileSync(manifestPath(dir), JSON.stringify(manifest));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Flips one byte in place: same size, different content. */
function tamper(path: string): void {
  const bytes = readFileSync(path);
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
  writeFileSync(path, bytes);
}

async function loadError(dir: string, options: Parameters<typeof loadClassifier>[1] = {}): Promise<ClassifierError> {
  const result = await loadClassifier(dir, { intraOpThreads: 1, ...options }).then(
    async (classifier) => {
      await classifier.close();
      return null;
    },
    (error: unknown) => error as ClassifierError,
  );
  if (result === null) throw new Error('expected the load to be refused');
  return result;
}

describe('loading a model folder', () => {
  it('reports a folder without a model as absent, never as safe', async () => {
    const dir = join(tmpdir(), 'parapet-no-model-here');
    const status = await classifierStatus(dir);
    expect(status).toEqual({ available: false, code: 'MODEL_NOT_INSTALLED', detail: `no model installed at ${dir} (run \`parapet models pull\`)` });
    expect((await loadError(dir)).code).toBe('MODEL_NOT_INSTALLED');
  });

  it('reports an installed model as available, and verified when asked to hash', async () => {
    const dir = tinyModel();
    expect(await classifierStatus(dir)).toMatchObject({ available: true, name: 'parapet-tiny-test-model', window: 512, verified: false });
    expect(await classifierStatus(dir, { verify: true })).toMatchObject({ available: true, verified: true });
  });

  it('refuses a model.onnx whose bytes differ from the pin (same size)', async () => {
    const dir = tinyModel();
    tamper(join(dir, 'model.onnx'));
    const error = await loadError(dir);
    expect(error.code).toBe('MODEL_INTEGRITY');
    expect(error.message).toMatch(/model\.onnx .*SHA-256.*refusing to load/);
    expect(await classifierStatus(dir, { verify: true })).toMatchObject({ available: false, code: 'MODEL_INTEGRITY' });
  });

  it('refuses a tokenizer.json whose size differs from the pin, and status says so without hashing', async () => {
    const dir = tinyModel();
    writeFileSync(join(dir, 'tokenizer.json'), `${readFileSync(join(dir, 'tokenizer.json'), 'utf8')} `);
    expect((await loadError(dir)).code).toBe('MODEL_INTEGRITY');
    expect(await classifierStatus(dir)).toMatchObject({ available: false, code: 'MODEL_INTEGRITY' });
  });

  it('reports a missing model file as not installed', async () => {
    const dir = tinyModel();
    rmSync(join(dir, 'model.onnx'));
    expect(await classifierStatus(dir)).toMatchObject({ available: false, code: 'MODEL_NOT_INSTALLED' });
    expect((await loadError(dir)).code).toBe('MODEL_NOT_INSTALLED');
  });

  it('with pins from config, refuses a folder re-pinned by whoever swapped the model', async () => {
    const dir = tinyModel();
    const original = readManifestJson(dir);
    const pins = { 'model.onnx': original.files['model.onnx'].sha256, 'tokenizer.json': original.files['tokenizer.json'].sha256 };
    const classifier = await loadClassifier(dir, { intraOpThreads: 1, expectedSha256s: pins });
    await classifier.close();

    // Swap the model and rewrite the manifest consistently: the folder alone cannot tell.
    const swapped = readFileSync(join(dir, 'model.onnx'));
    swapped[swapped.length - 1] = (swapped[swapped.length - 1] ?? 0) ^ 0xff;
    writeFileSync(join(dir, 'model.onnx'), swapped);
    writeManifestJson(dir, { ...original, files: { ...original.files, 'model.onnx': { sha256: sha256(swapped), bytes: swapped.length } } });
    const error = await loadError(dir, { expectedSha256s: pins });
    expect(error.code).toBe('MODEL_INTEGRITY');
    expect(error.message).toMatch(/not the pinned one/);
  });

  it('refuses a manifest with an unknown key or a bad label index, naming the key', async () => {
    const dir = tinyModel();
    const manifest = readManifestJson(dir);
    writeManifestJson(dir, { ...manifest, thresholds: 0.5 });
    const unknownKey = await loadError(dir);
    expect(unknownKey.code).toBe('MODEL_INVALID');
    expect(unknownKey.message).toMatch(/thresholds/);
    writeManifestJson(dir, { ...manifest, injectionLabel: 2 });
    expect((await loadError(dir)).message).toMatch(/injectionLabel/);
    writeFileSync(manifestPath(dir), '{ not json');
    expect(await classifierStatus(dir)).toMatchObject({ available: false, code: 'MODEL_INVALID' });
  });

  it('refuses a tokenizer whose ids exceed the model vocabulary', async () => {
    const dir = tinyModel();
    writeManifestJson(dir, { ...readManifestJson(dir), vocabSize: 10 });
    const error = await loadError(dir);
    expect(error.code).toBe('MODEL_INVALID');
    expect(error.message).toMatch(/beyond the model's 10 embeddings/);
  });

  it('refuses a correctly pinned file that is not an ONNX model', async () => {
    const dir = tinyModel();
    const garbage = Buffer.from('definitely not a protobuf model');
    writeFileSync(join(dir, 'model.onnx'), garbage);
    const manifest = readManifestJson(dir);
    writeManifestJson(dir, { ...manifest, files: { ...manifest.files, 'model.onnx': { sha256: sha256(garbage), bytes: garbage.length } } });
    const error = await loadError(dir);
    expect(error.code).toBe('MODEL_INVALID');
    expect(error.message).toMatch(/onnxruntime cannot load model\.onnx/);
  });

  it('rejects nonsense options before touching the folder', async () => {
    const dir = tinyModel();
    expect((await loadError(dir, { batchSize: 0 })).message).toMatch(/batchSize must be a positive integer/);
    expect((await loadError(dir, { overlap: -1 })).message).toMatch(/overlap must be a non-negative integer/);
  });
});
