import { alternation } from '../text/word-list.js';

/**
 * Settings named to switch a check, a scanner or a sandbox off: an environment variable
 * (`SKIP_SECURITY_CHECKS=1`) or a service's setting (`"verify_signatures": false`).
 */
const SWITCHING_OFF = ['DISABLE', 'DISABLED', 'SKIP', 'NO', 'BYPASS', 'IGNORE', 'UNSAFE'];
const CHECKED_THINGS = [
  /CHECKS?/u,
  'VERIFY',
  'VERIFICATION',
  /HOOKS?/u,
  /SCANS?/u,
  'SCANNER',
  'SECURITY',
  'AUDIT',
  'SANDBOX',
  'SHIELD',
  'GUARD',
  /GUARDRAILS?/u,
  /APPROVALS?/u,
  /POLICY|POLICIES/u,
  /SIGNATURES?/u,
  'SIGNING',
];
const ON_SWITCHES = ['ENABLED', 'ENABLE', 'ON', 'ACTIVE', 'REQUIRED', 'STRICT'];
/** `SKIP_SECURITY_CHECKS=1`, `DISABLE_HOOKS=true`: the name says the check goes away when set. */
const OFF_WHEN_SET = new RegExp(
  String.raw`(?:^|_)(?:${alternation(SWITCHING_OFF)})_(?:\w+_)?(?:${alternation(CHECKED_THINGS)})(?:_|$)`,
  'u',
);
/** `SANDBOX_ENABLED=0`, `SIGNATURE_CHECK=off`: the name is the check, the value turns it off. */
const CHECK_NAMED = new RegExp(
  String.raw`(?:^|_)(?:${alternation(CHECKED_THINGS)})(?:_(?:${alternation(ON_SWITCHES)}))?$`,
  'u',
);
const TRUTHY = /^(?:1|true|yes|on|y)$/iu;
const FALSY = /^(?:0|false|no|off|n|disabled?)$/iu;

/**
 * Whether setting `name` to `value` switches a check off. Names are read in any case and in
 * camelCase or kebab-case too (`verifySignatures`, `skip-checks`).
 */
export function switchesCheckOff(name: string, value: string): boolean {
  const upper = name
    .replace(/([a-z0-9])([A-Z])/gu, '$1_$2')
    .replace(/[-.]/gu, '_')
    .toUpperCase();
  if (OFF_WHEN_SET.test(upper)) return TRUTHY.test(value) || value === '*';
  return CHECK_NAMED.test(upper) && FALSY.test(value);
}
