import type { ShieldConfigInput } from '@parapet/shield';
import type { EngineConfig } from '../config/index.js';

/**
 * The Shield's own configuration, taken from the engine's `shield:` section. The Shield returns
 * ESCALATE to the engine (mode `inject`): the engine's approval stage asks the human, with the
 * session, the diff and the turn's cancellation at hand.
 */
export function shieldConfigFor(config: EngineConfig): ShieldConfigInput {
  const evaluator = config.shield.evaluator;
  return {
    policy: config.shield.policy.kind === 'builtin' ? config.shield.policy.name : config.shield.policy.path,
    min_tier: config.shield.minTier,
    rate_limit: { per_minute: config.shield.rateLimitPerMinute },
    workspace: config.workspace,
    ...(evaluator
      ? {
          tier2: {
            base_url: evaluator.baseUrl,
            model: evaluator.model,
            ...(evaluator.apiKeyEnv ? { api_key_env: evaluator.apiKeyEnv } : {}),
            timeout_ms: evaluator.timeoutMs,
            rate_per_minute: evaluator.requestsPerMinute,
            daily_budget: evaluator.dailyBudget,
            fallback: evaluator.fallback,
          },
        }
      : {}),
  };
}
