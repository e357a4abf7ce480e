// The Shield's core: the gateway, its types, its ports and its errors. The classifier's download
// and status, the eval, the CLI commands and the test helpers live behind subpaths
// (`@parapet/shield/classifier`, `/eval`, `/commands`, `/testing`).
export { actionHash, canonicalJson } from './action-hash.js';
export { canonicalActionType, type KnownActionType } from './action-types.js';
export {
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
  type UserGrants,
} from './ports.js';
export type {
  ActionRequest,
  Decision,
  EvaluationContext,
  Shield,
  ShieldStatus,
  Tier,
  TierObserver,
  TierStatus,
  UserRequest,
  Verdict,
} from './types.js';
export { ShieldPackageError } from './coded-error.js';
export { ShieldError, type ShieldErrorCode } from './errors.js';
export { ClassifierError, type ClassifierErrorCode } from './tiers/classifier/errors.js';

export { createShield } from './shield.js';
export type { ShieldConfig, ShieldOptions, Tier2Config } from './config/schema.js';
export { SlidingWindowLimiter } from './sliding-window.js';
export { utcDay } from './tiers/evaluator/budget.js';
// Outside content judged once as it arrives; the caller keeps the signs (EvaluationContext.contextSignals).
export { inducementIn } from './tiers/heuristics/content/inducement.js';
// The scripts a command line runs: the caller reads them and passes their text (EvaluationContext.fileContents).
export { scriptsRunBy } from './tiers/heuristics/shell/scripts-run.js';

// Tier 0: the built-in policies and the user's grants (the UserGrants port)
export {
  BUILTIN_POLICY_DIR,
  BUILTIN_POLICY_NAMES,
  compileGrants,
  exactCommandPattern,
  exactPathGlob,
  extractFacts,
  GRANTABLE_COMMAND_ACTIONS,
  GRANTABLE_PATH_ACTIONS,
  parseGrantsText,
  policyFileSchema,
  type BuiltinPolicyName,
  type CompiledPolicy,
  type GrantRule,
  type PolicyFile,
} from './tiers/policy/index.js';

// Tier 3: asking a human (the HumanApprover port)
export { HUMAN_APPROVED_RULE, HUMAN_CAP_RULE, requestHumanApproval } from './tiers/human/index.js';
