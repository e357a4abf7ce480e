const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * The wait before retry number `retry` (1-based) of the same model: exponential from 500 ms, capped
 * at 8 s, and never shorter than what the provider asked for with Retry-After. Another model is
 * called at once.
 */
export function retryDelayMs(retry: number, retryAfterMs: number | undefined, sameModel: boolean): number {
  if (!sameModel) return 0;
  const backoff = Math.min(BASE_DELAY_MS * 2 ** Math.max(0, retry - 1), MAX_BACKOFF_MS);
  return Math.max(backoff, retryAfterMs ?? 0);
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
