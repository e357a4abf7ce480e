export { actionHash, canonicalJson } from './action-hash.js';
export type { ActionRequest, Decision, EvaluationContext, Tier, Verdict } from './types.js';
