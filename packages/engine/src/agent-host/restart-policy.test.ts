import { describe, expect, it } from 'vitest';
import { createRestartPolicy } from './restart-policy.js';

describe('restart policy', () => {
  const options = { max: 5, windowMs: 60_000, baseBackoffMs: 100, maxBackoffMs: 10_000 };

  it('keeps restarting with doubling backoff, and is degraded after more than max deaths in the window', () => {
    const policy = createRestartPolicy(options);
    const decisions = [0, 1, 2, 3, 4, 5, 6].map((i) => policy.next(1000 + i * 1000));
    expect(decisions.map((d) => d.delayMs)).toEqual([100, 200, 400, 800, 1600, 3200, 6400]);
    expect(decisions.map((d) => d.degraded)).toEqual([false, false, false, false, false, true, true]);
    expect(policy.degraded(8000)).toBe(true);
  });

  it('forgets deaths older than the window, and with them the degraded state', () => {
    const policy = createRestartPolicy(options);
    for (let i = 0; i < 6; i += 1) policy.next(i);
    expect(policy.degraded(59_999)).toBe(true);
    expect(policy.degraded(60_005)).toBe(false);
    expect(policy.next(60_005)).toEqual({ delayMs: 100, degraded: false, deathsInWindow: 1 });
  });

  it('caps the backoff and never stops deciding to restart', () => {
    const policy = createRestartPolicy({ max: 5, windowMs: 60_000, baseBackoffMs: 1000, maxBackoffMs: 3000 });
    const delays = Array.from({ length: 50 }, (_, i) => policy.next(i).delayMs);
    expect(delays.slice(0, 3)).toEqual([1000, 2000, 3000]);
    expect(new Set(delays.slice(2))).toEqual(new Set([3000]));
  });
});
