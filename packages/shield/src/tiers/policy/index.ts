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
