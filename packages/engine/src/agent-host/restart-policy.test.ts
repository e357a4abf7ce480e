import { describe, expect, it } from 'vitest';
import { createRestartPolicy } from './restart-policy.js';

describe('restart policy', () => {
  const options = { max: 5, windowMs: 60_000, baseBackoffMs: 100 };

  it('allows 5 restarts within a minute with doubling backoff, then gives up', () => {
    const policy = createRestartPolicy(options);
    const delays = [0, 1, 2, 3, 4].map((i) => {
      const decision = policy.next(1000 + i * 1000);
      expect(decision.restart).toBe(true);
      return decision.restart ? decision.delayMs : -1;
    });
    expect(delays).toEqual([100, 200, 400, 800, 1600]);
    const sixth = policy.next(6000);
    expect(sixth.restart).toBe(false);
    expect(sixth.restart === false && sixth.reason).toMatch(/6 times within 60000 ms/);
  });

  it('forgets restarts older than the window', () => {
    const policy = createRestartPolicy(options);
    for (let i = 0; i < 5; i += 1) policy.next(i);
    expect(policy.next(59_999).restart).toBe(false);
    const later = policy.next(60_005);
    expect(later).toEqual({ restart: true, delayMs: 100 });
  });

  it('caps the backoff', () => {
    const policy = createRestartPolicy({ max: 20, windowMs: 60_000, baseBackoffMs: 1000 });
    let last = 0;
    for (let i = 0; i < 10; i += 1) {
      const decision = policy.next(i);
      if (decision.restart) last = decision.delayMs;
    }
    expect(last).toBe(10_000);
  });
});
