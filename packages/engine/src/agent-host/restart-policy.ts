import type { RestartOptions } from './types.js';

export const DEFAULT_RESTART: RestartOptions = { max: 5, windowMs: 60_000, baseBackoffMs: 250, maxBackoffMs: 10_000 };

export interface RestartDecision {
  readonly delayMs: number;
  /** More than `max` deaths inside the window: the agent is crash-looping. */
  readonly degraded: boolean;
  readonly deathsInWindow: number;
}

export interface RestartPolicy {
  /** Records a death at `now` and says how long to wait before the next start. */
  next(now: number): RestartDecision;
  /** True while more than `max` deaths lie inside the window ending at `now`. */
  degraded(now: number): boolean;
}

/**
 * Never gives up: the delay doubles with each death still inside the window, capped at
 * `maxBackoffMs`, so a crash-looping agent is retried slowly but forever (and shown as degraded).
 */
export function createRestartPolicy(options: RestartOptions): RestartPolicy {
  const deaths: number[] = [];
  const forget = (now: number): void => {
    while (deaths.length > 0 && now - (deaths[0] ?? now) >= options.windowMs) deaths.shift();
  };
  return {
    next(now) {
      forget(now);
      const delayMs = Math.min(options.baseBackoffMs * 2 ** deaths.length, options.maxBackoffMs);
      deaths.push(now);
      return { delayMs, degraded: deaths.length > options.max, deathsInWindow: deaths.length };
    },
    degraded(now) {
      forget(now);
      return deaths.length > options.max;
    },
  };
}
