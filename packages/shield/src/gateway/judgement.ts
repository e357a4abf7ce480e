import type { Tier } from '../types.js';

/** What one tier concludes before the gateway turns it into a Verdict. PASS = found nothing wrong. */
export interface Judgement {
  readonly decision: 'ALLOW' | 'BLOCK' | 'ESCALATE' | 'PASS';
  readonly confidence: number;
  readonly reason: string;
  readonly ruleIds: readonly string[];
}

/** A tier that threw or ran out of time: the gateway blocks on it. */
export interface TierFailure {
  readonly failed: true;
  readonly tier: Tier;
  readonly judgement: Judgement;
}

export const TIER_ERROR_RULE = 'shield.tier_error';
export const TIER_TIMEOUT_RULE = 'shield.tier_timeout';
