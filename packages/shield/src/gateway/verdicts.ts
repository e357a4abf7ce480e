import type { Clock } from '../ports.js';
import type { Decision, Tier, Verdict } from '../types.js';
import type { Judgement } from './judgement.js';

/** Keeps first-seen order and drops repeats: rule ids read as the path the action took. */
export function mergeRuleIds(...lists: ReadonlyArray<readonly string[]>): string[] {
  // Lists hold a handful of ids: a linear check beats building a Set on every verdict.
  const merged: string[] = [];
  for (const list of lists) for (const id of list) if (!merged.includes(id)) merged.push(id);
  return merged;
}

export interface VerdictStamp {
  readonly actionHash: string;
  readonly startedUs: number;
  /** Read again when the verdict is made, for its latency. */
  readonly clock: Pick<Clock, 'monotonicUs'>;
}

export function makeVerdict(
  decision: Decision,
  tier: Tier,
  judgement: Pick<Judgement, 'confidence' | 'reason' | 'ruleIds'>,
  stamp: VerdictStamp,
): Verdict {
  return {
    decision,
    tier,
    confidence: Math.min(1, Math.max(0, Number.isFinite(judgement.confidence) ? judgement.confidence : 0)),
    reason: judgement.reason,
    ruleIds: judgement.ruleIds,
    actionHash: stamp.actionHash,
    latencyUs: Math.max(0, stamp.clock.monotonicUs() - stamp.startedUs),
  };
}
