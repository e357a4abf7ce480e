import { compileShieldConfig, type ShieldOptions } from './config/schema.js';
import { assembleShield } from './gateway/assemble.js';
import type { ShieldPorts } from './ports.js';
import { buildTier2Judge } from './tiers/evaluator/build.js';
import { evaluateHeuristics } from './tiers/heuristics/index.js';
import { warmUpHeuristics } from './tiers/heuristics/warm-up.js';
import { loadPolicy } from './tiers/policy/load.js';
import type { Shield } from './types.js';

/**
 * The Shield's entry point. Validates the options (strict; throws ShieldError CONFIG_INVALID or
 * POLICY_INVALID with key paths), loads the policy once and wires the tiers. `evaluate` never
 * rejects: every failure inside becomes a BLOCK verdict. The heuristics warm up when `warmUp` is
 * called, not here, so a daemon can be ready first and warm up while it already serves.
 */
export function createShield(options: ShieldOptions = {}, ports: ShieldPorts = {}): Shield {
  const compiled = compileShieldConfig(options);
  const policy = loadPolicy(compiled.policy, { home: compiled.home });
  const assembled = assembleShield(compiled, ports, {
    policy,
    heuristics: evaluateHeuristics,
    tier2: buildTier2Judge(compiled, ports),
    ...(ports.userGrants ? { grants: ports.userGrants } : {}),
  });
  return { ...assembled, warmUp: warmUpHeuristics };
}
