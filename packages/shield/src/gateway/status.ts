import type { ShieldConfig } from '../config/schema.js';
import type { ShieldPorts } from '../ports.js';
import type { CompiledPolicy } from '../tiers/policy/policy.js';
import type { ShieldStatus, TierStatus } from '../types.js';
import type { Tier2Judge } from './tier2-judge.js';

export function describeStatus(
  config: ShieldConfig,
  ports: ShieldPorts,
  parts: { readonly policy: CompiledPolicy; readonly tier2: Tier2Judge | undefined },
): ShieldStatus {
  const classifier = ports.classifier;
  const humanReady = config.mode === 'human' && ports.humanApprover !== undefined;
  const tiers: TierStatus[] = [
    { tier: '0', name: 'policy', available: true, detail: `policy ${parts.policy.name} (${parts.policy.source})` },
    { tier: '1a', name: 'heuristics', available: true, detail: 'shell parse and action heuristics' },
    classifier === undefined
      ? { tier: '1b', name: 'classifier', available: false, detail: 'absent: no model installed' }
      : { tier: '1b', name: 'classifier', available: true, detail: classifier.describe?.() ?? 'prompt-injection classifier' },
    parts.tier2 === undefined
      ? { tier: '2', name: 'evaluator', available: false, detail: 'absent: no evaluator model configured' }
      : { tier: '2', name: 'evaluator', available: true, detail: parts.tier2.detail },
    humanReady
      ? {
          tier: '3',
          name: 'human',
          available: true,
          detail: `human approval, timeout ${config.tier3.timeoutMs} ms, at most ${config.tier3.hourlyCap} per hour`,
        }
      : { tier: '3', name: 'human', available: false, detail: 'inject mode: ESCALATE verdicts go back to the caller' },
  ];
  return { minTier: config.minTier, mode: config.mode, policy: { name: parts.policy.name, source: parts.policy.source }, tiers };
}
