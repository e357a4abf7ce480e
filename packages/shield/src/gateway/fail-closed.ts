import type { Tier } from '../types.js';
import { TIER_ERROR_RULE, TIER_TIMEOUT_RULE, type TierFailure } from './judgement.js';

const failure = (tier: Tier, ruleId: string, reason: string): TierFailure => ({
  failed: true,
  tier,
  judgement: { decision: 'BLOCK', confidence: 1, reason, ruleIds: [ruleId] },
});

export function isTierFailure(value: unknown): value is TierFailure {
  return typeof value === 'object' && value !== null && (value as { failed?: unknown }).failed === true;
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * Runs one tier so that nothing it does can let an action through: an exception or a timeout
 * becomes a TierFailure (the gateway blocks). Synchronous tiers skip the timer entirely, which
 * keeps tiers 0–1 cheap; asynchronous ones get `signal`, aborted when time runs out.
 */
export function failClosed<T>(
  tier: Tier,
  run: (signal: AbortSignal) => T | PromiseLike<T>,
  timeoutMs: number,
  onError: (error: unknown) => void = () => undefined,
): T | TierFailure | Promise<T | TierFailure> {
  const controller = new AbortController();
  let result: T | PromiseLike<T>;
  try {
    result = run(controller.signal);
  } catch (error) {
    onError(error);
    return failure(tier, TIER_ERROR_RULE, `tier ${tier} failed; blocked to stay safe`);
  }
  if (!isPromiseLike(result)) return result;
  const pending = result;
  return new Promise<T | TierFailure>((resolve) => {
    const timer = setTimeout(() => {
      controller.abort();
      resolve(failure(tier, TIER_TIMEOUT_RULE, `tier ${tier} did not answer within ${timeoutMs} ms; blocked to stay safe`));
    }, timeoutMs);
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        onError(error);
        resolve(failure(tier, TIER_ERROR_RULE, `tier ${tier} failed; blocked to stay safe`));
      },
    );
  });
}
