import type { ShieldOptions } from '@parapet/shield';
import type { EngineConfig } from '../config/index.js';

/**
 * The Shield's options, taken from the engine's `shield:` section as they are (the Shield validates
 * them once). The Shield returns ESCALATE to the engine (mode `inject`): the engine's approval
 * stage asks the human, with the session, the diff and the turn's cancellation at hand.
 */
export function shieldConfigFor(config: EngineConfig): ShieldOptions {
  const { policy, minTier, rateLimitPerMinute, evaluator } = config.shield;
  return {
    policy: policy.kind === 'builtin' ? policy.name : policy.path,
    minTier,
    rateLimit: { perMinute: rateLimitPerMinute },
    workspace: config.workspace,
    ...(evaluator ? { tier2: evaluator } : {}),
  };
}
