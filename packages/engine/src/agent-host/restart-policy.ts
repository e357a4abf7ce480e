import type { RestartOptions } from './types.js';

export const DEFAULT_RESTART: RestartOptions = { max: 5, windowMs: 60_000, baseBackoffMs: 250 };
const MAX_BACKOFF_MS = 10_000;

export type RestartDecision = { restart: true; delayMs: number } | { restart: false; reason: string };

/** At most `max` restarts in any `windowMs`; the delay doubles with each restart still in the window. */
export function createRestartPolicy(options: RestartOptions): { next(now: number): RestartDecision } {
  const recent: number[] = [];
  return {
    next(now) {
      while (recent.length > 0 && now - (recent[0] ?? now) >= options.windowMs) recent.shift();
      if (recent.length >= options.max) {
        return { restart: false, reason: `the agent died ${recent.length + 1} times within ${options.windowMs} ms` };
      }
      const delayMs = Math.min(options.baseBackoffMs * 2 ** recent.length, MAX_BACKOFF_MS);
      recent.push(now);
      return { restart: true, delayMs };
    },
  };
}
