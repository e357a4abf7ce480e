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
  Verdict,
} from './types.js';
export { ShieldError, type ShieldErrorCode } from './errors.js';

// Gateway and configuration
export { createShield } from './shield.js';
export {
  compileShieldConfig,
  DEFAULT_CLASSIFIER_REQUIRED_FOR,
  shieldConfigSchema,
  type ShieldConfig,
  type ShieldConfigInput,
  type Tier2Config,
} from './config/schema.js';
export { failClosed, isTierFailure } from './gateway/fail-closed.js';
export { TIER_ERROR_RULE, TIER_TIMEOUT_RULE, type Judgement, type TierFailure } from './gateway/judgement.js';
export { canonicalPath, expandHome, type PathContext } from './paths.js';
export { SlidingWindowLimiter } from './sliding-window.js';

// Tier 0: policy
export {
  BUILTIN_POLICY_DIR,
  BUILTIN_POLICY_NAMES,
  checkPolicyFile,
  compileGrants,
  exactCommandPattern,
  exactPathGlob,
  extractFacts,
  GRANTABLE_COMMAND_ACTIONS,
  GRANTABLE_PATH_ACTIONS,
  loadPolicy,
  parseGrantsText,
  parsePolicyText,
  policyFileSchema,
  resolvePolicyPath,
  type BuiltinPolicyName,
  type CompiledPolicy,
  type GrantRule,
  type PolicyFile,
  type PolicyOutcome,
  type PolicyParseResult,
} from './tiers/policy/index.js';

// Tier 1: heuristics (1a) and the ONNX classifier (1b)
export { evaluateHeuristics } from './tiers/heuristics/index.js';
export type { HeuristicContext, HeuristicResult, HeuristicsFn } from './tiers/tier1/heuristics-contract.js';
export {
  classifierStatus,
  classifierThresholdsSchema,
  ClassifierError,
  DEFAULT_CLASSIFIER_THRESHOLDS,
  loadClassifier,
  MANIFEST_FILE,
  OnnxClassifier,
  pullModel,
  readManifest,
  REFERENCE_MODEL,
  renderProgressBar,
  type ClassifierErrorCode,
  type ClassifierStatus,
  type ClassifierThresholds,
  type DownloadProgress,
  type LoadClassifierOptions,
  type ModelDescription,
  type ModelManifest,
  type ModelPins,
  type PullModelOptions,
} from './tiers/classifier/index.js';

// Tier 2: LLM evaluator
export { createMemoryBudgetStore, utcDay } from './tiers/evaluator/budget.js';
export { createOpenAiEvaluatorModel, type OpenAiEvaluatorOptions } from './tiers/evaluator/openai-model.js';
export { buildEvaluatorPrompt, newCanary } from './tiers/evaluator/prompt.js';
export { parseEvaluatorAnswer } from './tiers/evaluator/answer.js';

// Tier 3: human
export {
  HUMAN_APPROVED_RULE,
  HUMAN_CAP_RULE,
  HUMAN_DENIED_RULE,
  HUMAN_ERROR_RULE,
  HUMAN_MISMATCH_RULE,
  HUMAN_TIMEOUT_RULE,
  requestHumanApproval,
  type HumanApprovalOptions,
} from './tiers/human/index.js';

// Eval and commands (mounted by the `parapet` CLI as `parapet shield eval` / `parapet policy check`)
export { caseContextText, loadCorpus, type CorpusCase } from './eval/corpus.js';
export { casesInHalf, corpusHalf, CORPUS_HALVES, type CorpusHalf, type HalfSelection } from './eval/halves.js';
export { PROJECT_CORPUS } from './eval/project-corpus.js';
export { buildReport, percentile, type EvalCaseResult, type EvalReport } from './eval/report.js';
export { formatEvalTable } from './eval/format.js';
export { evaluateCorpus, evalShieldConfig, type EvalOptions, type EvalRun } from './eval/run-eval.js';
export { runEval, scoreCorpus, type RunEvalOptions } from './eval/run.js';
export { evalCommand, policyCheck, processIo, type CommandIo, type EvalCommandOptions } from './cli/commands.js';
export { createShieldProgram, runShieldCli } from './cli/program.js';
export { defineEvalCommand, definePolicyCheckCommand, type ShieldCommandHost } from './cli/define.js';
