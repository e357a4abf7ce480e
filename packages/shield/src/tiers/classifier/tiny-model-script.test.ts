import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../../../scripts/make-tiny-model.mjs', import.meta.url));
const dirs: string[] = [];
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'parapet-tiny-script-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/make-tiny-model.mjs', () => {
  it('writes the same pinned files every time (deterministic weights)', () => {
    const [a, b] = [freshDir(), freshDir()];
    expect(run(a, '--hidden', '8', '--layers', '2').status).toBe(0);
    expect(run(b, '--hidden', '8', '--layers', '2').status).toBe(0);
    const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'parapet-model.json'), 'utf8'));
    expect(manifest(a)).toEqual(manifest(b));
    expect(manifest(a)).toMatchObject({ format: 1, labels: ['SAFE', 'INJECTION'], injectionLabel: 1, window: 512 });
  });

  it('fails with a usage line on bad arguments', () => {
    const missing = run();
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/usage: make-tiny-model\.mjs DIR/);
    const bad = run(freshDir(), '--window', '2');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--window must be at least 3/);
  });
});
