import type { ActionRequest } from '../types.js';
import type { Judgement } from './judgement.js';

/** Tier 2 as the gateway sees it; `tiers/evaluator` builds one from an EvaluatorModel. */
export interface Tier2Judge {
  readonly timeoutMs: number;
  /** For `status()`, e.g. `model gpt-4o-mini at https://…`. */
  readonly detail: string;
  judge(action: ActionRequest, contextText: string | undefined, signal: AbortSignal): Promise<Judgement>;
}
