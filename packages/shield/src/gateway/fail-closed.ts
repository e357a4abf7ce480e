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

export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * Runs one tier that takes no abort signal (tiers 0 and 1) so that nothing it does can let an
 * action through: an exception or a timeout becomes a TierFailure (the gateway blocks). A tier
 * that answers synchronously gets its answer back synchronously, with no timer and no promise:
 * tiers 0–1 run on every action and must stay cheap. `run` gets `input` (so callers need no
 * closure per call); `onTimeout` lets a caller cancel the work.
 */
export function guardTier<T, A = undefined>(
  tier: Tier,
  run: (input: A) => T | PromiseLike<T>,
  input: A,
  timeoutMs: number,
  onError: (error: unknown) => void = () => undefined,
  onTimeout: () => void = () => undefined,
): T | TierFailure | Promise<T | TierFailure> {
  let result: T | PromiseLike<T>;
  try {
    result = run(input);
  } catch (error) {
    onError(error);
    return failure(tier, TIER_ERROR_RULE, `tier ${tier} failed; blocked to stay safe`);
  }
  if (!isPromiseLike(result)) return result;
  const pending = result;
  return new Promise<T | TierFailure>((resolve) => {
    const timer = setTimeout(() => {
      onTimeout();
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

/**
 * `guardTier` for a tier that can be cancelled: `run` gets a signal, aborted when time runs out.
 * Synchronous answers still skip the timer.
 */
export function failClosed<T>(
  tier: Tier,
  run: (signal: AbortSignal) => T | PromiseLike<T>,
  timeoutMs: number,
  onError: (error: unknown) => void = () => undefined,
): T | TierFailure | Promise<T | TierFailure> {
  const controller = new AbortController();
  return guardTier(tier, run, controller.signal, timeoutMs, onError, () => controller.abort());
}
