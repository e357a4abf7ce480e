/** Tier 1a implements the contract the tier-1 combiner declares. */
export type { HeuristicContext, HeuristicResult } from '../tier1/heuristics-contract.js';

export interface HeuristicAction {
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
}
