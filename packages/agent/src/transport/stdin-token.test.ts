import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readTokenLine } from './stdin-token.js';

describe('readTokenLine', () => {
  it('returns the first line', async () => {
    const input = new PassThrough();
    const token = readTokenLine(input);
    input.write('abc');
    input.write('123\nrest that must be ignored\n');
    await expect(token).resolves.toBe('abc123');
  });

  it('accepts a token without a trailing newline when the input ends', async () => {
    const input = new PassThrough();
    const token = readTokenLine(input);
    input.end('only-line');
    await expect(token).resolves.toBe('only-line');
  });

  it('refuses an endless first line', async () => {
    const input = new PassThrough();
    const token = readTokenLine(input);
    input.write('x'.repeat(5000));
    await expect(token).rejects.toThrow(/token line/);
  });
});
