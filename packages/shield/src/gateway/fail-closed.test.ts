import { describe, expect, it } from 'vitest';
import { failClosed, guardTier, isTierFailure } from './fail-closed.js';

describe('guardTier', () => {
  it('hands a synchronous answer back synchronously, not as a promise', () => {
    const answer = guardTier(1, () => 'pass', undefined, 1_000);
    expect(answer).toBe('pass');
    expect(guardTier(1, (input: string) => `${input}!`, 'given', 1_000)).toBe('given!');
  });

  it('turns a throw into a tier failure that blocks', () => {
    const errors: unknown[] = [];
    const answer = guardTier(0, () => { throw new Error('boom'); }, undefined, 1_000, (error) => errors.push(error));
    expect(isTierFailure(answer)).toBe(true);
    expect(answer).toMatchObject({ tier: 0, judgement: { decision: 'BLOCK', ruleIds: ['shield.tier_error'] } });
    expect(errors).toHaveLength(1);
  });

  it('turns a rejection or a hang into a tier failure, and tells the caller about the timeout', async () => {
    expect(await guardTier(1, () => Promise.reject(new Error('onnx')), undefined, 1_000)).toMatchObject({
      judgement: { decision: 'BLOCK', ruleIds: ['shield.tier_error'] },
    });
    let timedOut = false;
    const hung = await guardTier(1, () => new Promise<string>(() => undefined), undefined, 10, undefined, () => { timedOut = true; });
    expect(hung).toMatchObject({ judgement: { decision: 'BLOCK', ruleIds: ['shield.tier_timeout'] } });
    expect(timedOut).toBe(true);
  });
});

describe('failClosed', () => {
  it('aborts the signal it gave the tier when time runs out', async () => {
    let seen: AbortSignal | undefined;
    const answer = await failClosed(2, (signal) => {
      seen = signal;
      return new Promise<string>(() => undefined);
    }, 10);
    expect(answer).toMatchObject({ tier: 2, judgement: { ruleIds: ['shield.tier_timeout'] } });
    expect(seen?.aborted).toBe(true);
  });

  it('resolves with the tier answer when it comes in time', async () => {
    expect(await failClosed(2, async () => 'fine', 1_000)).toBe('fine');
  });
});
