export { createPolicyGrants, type PolicyGrants, type PolicyGrantsApi } from './policy-grants.js';
export { grantsDir, grantsFilePath } from './grants-file.js';
