import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const committed = join(root, 'packages/wire/src/generated');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

describe('generated wire types', () => {
  const fresh = mkdtempSync(join(tmpdir(), 'parapet-gen-'));
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it('match what proto/ generates now (run `npm run gen:proto` after editing a .proto)', () => {
    execFileSync(process.execPath, [join(root, 'scripts/gen-proto.mjs'), '--out', fresh], { stdio: 'pipe' });
    const files = listFiles(fresh);
    expect(listFiles(committed)).toEqual(files);
    for (const file of files) {
      expect(readFileSync(join(committed, file), 'utf8'), file).toBe(readFileSync(join(fresh, file), 'utf8'));
    }
  });
});
