export { extractFacts, type ActionFacts } from './facts.js';
export {
  BUILTIN_POLICY_DIR,
  BUILTIN_POLICY_NAMES,
  checkPolicyFile,
  loadPolicy,
  parsePolicyText,
  resolvePolicyPath,
  type BuiltinPolicyName,
  type PolicyParseResult,
} from './load.js';
export { compilePolicy, type CompiledPolicy, type PolicyOutcome, type PolicyRuleRef } from './policy.js';
export { policyFileSchema, type PolicyFile } from './schema.js';
export {
  GRANTABLE_COMMAND_ACTIONS,
  GRANTABLE_PATH_ACTIONS,
  compileGrants,
  exactCommandPattern,
  exactPathGlob,
  parseGrantsText,
  type GrantRule,
} from './grants.js';
