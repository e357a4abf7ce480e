/** The policies that ship in `policies/`, chosen by name instead of a path. */
export const BUILTIN_POLICY_NAMES = ['default', 'permissive', 'strict'] as const;
export type BuiltinPolicyName = (typeof BUILTIN_POLICY_NAMES)[number];
