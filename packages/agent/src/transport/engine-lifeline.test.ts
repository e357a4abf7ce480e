import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { onEngineGone } from './engine-lifeline.js';
import { readTokenLine } from './stdin-token.js';

describe('onEngineGone', () => {
  it('fires once when the input ends after the token, not before', async () => {
    const input = new PassThrough();
    const token = readTokenLine(input);
    input.write('the-token\n');
    await expect(token).resolves.toBe('the-token');
    let calls = 0;
    onEngineGone(input, () => (calls += 1));
    input.write('ignored\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(0);
    input.end();
    await expect.poll(() => calls).toBe(1);
    input.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(1);
  });

  it('fires at once when the input has already ended', async () => {
    const input = new PassThrough();
    const token = readTokenLine(input);
    input.end('only-line');
    await token;
    let calls = 0;
    onEngineGone(input, () => (calls += 1));
    await expect.poll(() => calls).toBe(1);
  });
});
