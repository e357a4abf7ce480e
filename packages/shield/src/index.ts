export { actionHash, canonicalJson } from './action-hash.js';
export { KNOWN_ACTION_TYPES, canonicalActionType, type KnownActionType } from './action-types.js';
export {
  noopLogger,
  systemClock,
  type ApprovalAnswer,
  type ApprovalRequest,
  type BudgetStore,
  type Classifier,
  type Clock,
  type EvaluatorModel,
  type HumanApprover,
  type Logger,
  type ShieldPorts,
} from './ports.js';
export type { ActionRequest, Decision, EvaluationContext, Tier, Verdict } from './types.js';
