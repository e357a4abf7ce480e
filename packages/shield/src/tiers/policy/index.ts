export { extractFacts, type ActionFacts } from './facts.js';
export {
  BUILTIN_POLICY_DIR,
  checkPolicyFile,
  loadPolicy,
  parsePolicyText,
  resolvePolicyPath,
  type PolicyParseResult,
} from './load.js';
export { BUILTIN_POLICY_NAMES, type BuiltinPolicyName } from './builtin-names.js';
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
