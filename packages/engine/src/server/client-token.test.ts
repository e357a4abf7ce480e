import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeClientToken } from './client-token.js';

describe('client token file', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores a fresh random token readable only by its owner, in a private folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'parapet-token-'));
    const tokenPath = join(dir, 'run', 'client.token');
    const first = await writeClientToken(tokenPath);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await readFile(tokenPath, 'utf8')).trim()).toBe(first);
    expect((await stat(tokenPath)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'run'))).mode & 0o777).toBe(0o700);
    const second = await writeClientToken(tokenPath);
    expect(second).not.toBe(first);
    expect((await readFile(tokenPath, 'utf8')).trim()).toBe(second);
  });
});
