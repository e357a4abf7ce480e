import { describe, expect, it } from 'vitest';
import { classifierThresholdsSchema, decideByScore } from './thresholds.js';

describe('classifier thresholds', () => {
  it('maps scores to BLOCK / ESCALATE / PASS at the default 0.9 / 0.5', () => {
    expect(decideByScore(0.95)).toBe('BLOCK');
    expect(decideByScore(0.9)).toBe('BLOCK');
    expect(decideByScore(0.6)).toBe('ESCALATE');
    expect(decideByScore(0.5)).toBe('ESCALATE');
    expect(decideByScore(0.1)).toBe('PASS');
  });

  it('blocks anything that is not a probability (fail closed)', () => {
    for (const score of [Number.NaN, -0.1, 1.5, Number.POSITIVE_INFINITY]) expect(decideByScore(score)).toBe('BLOCK');
  });

  it('honours configured thresholds, filling in missing ones', () => {
    const thresholds = classifierThresholdsSchema.parse({ block: 0.99 });
    expect(thresholds).toEqual({ block: 0.99, escalate: 0.5 });
    expect(decideByScore(0.95, thresholds)).toBe('ESCALATE');
  });

  it('rejects unknown keys, out-of-range values and escalate above block, naming the key', () => {
    const issues = (input: unknown) => classifierThresholdsSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.code]);
    expect(issues({ block: 0.9, escalte: 0.4 })).toEqual([['', 'unrecognized_keys']]);
    expect(issues({ block: 1.2 })).toEqual([['block', 'too_big']]);
    expect(issues({ block: 0.4, escalate: 0.6 })).toEqual([['escalate', 'custom']]);
  });
});
