import type { ShieldConfigInput } from '@parapet/shield';
import type { EngineConfig } from '../config/index.js';

/** The Shield's own configuration, taken from the engine's `shield:` section. */
export function shieldConfigFor(config: EngineConfig): ShieldConfigInput {
  return {
    policy: config.shield.policy.kind === 'builtin' ? config.shield.policy.name : config.shield.policy.path,
    min_tier: config.shield.minTier,
    rate_limit: { per_minute: config.shield.rateLimitPerMinute },
    workspace: config.workspace,
  };
}
