import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { alternation } from '../text/word-list.js';
import type { RemoteTarget } from './hosts.js';

/**
 * An API call that switches off one of an account's or a repository's protections: branch
 * protection and its required reviews or checks, two-factor sign-in, audit logs, alerts, secret
 * scanning. The same switch made in a shell is refused (a firewall or audit turned off, logs
 * erased); made through a service's API it leaves no trace on this machine, and nobody asks an
 * assistant to do it in passing. Reading a protection, or turning one on, is left alone.
 */
export const PROTECTION_RULES = {
  protectionRemoved: defineRule(
    'network.protection_removed',
    'block',
    "switches off a protection of an account or repository through the service's API",
  ),
};

/** What a service names its protections in paths and settings. */
const PROTECTIONS = [
  /(?:branch[-_])?protections?/u,
  /required[-_](?:pull[-_]request[-_])?reviews?/u,
  /required[-_](?:status[-_])?checks?/u,
  /required[-_]signatures?/u,
  /rulesets?/u,
  /two[-_]?factor(?:[-_]\w+)?/u,
  /2fa(?:[-_]\w+)?/u,
  /mfa(?:[-_]\w+)?/u,
  /audit[-_]?(?:logs?|trail|events)?/u,
  /secret[-_]scanning(?:[-_]\w+)?/u,
  /push[-_]protection/u,
  /vulnerability[-_]alerts/u,
  /(?:login|security)[-_]alerts?/u,
  /enforce[-_]admins/u,
];
const PROTECTION = String.raw`(?:${alternation(PROTECTIONS)})`;
const PROTECTION_SEGMENT = new RegExp(String.raw`(?:^|[/._-])${PROTECTION}(?=$|[/?.])`, 'iu');
const OFF = String.raw`(?:false|null|0|["'](?:off|disabled|none|false)["'])`;
const SWITCH = String.raw`["']?(?:enabled|enforced|required|status|state)["']?\s*[:=]\s*${OFF}`;
/**
 * `"two_factor_required": false`, `"audit_log": null`, `"secret_scanning": {"status": "disabled"}`
 * in a body; group 1 names the protection, or is a bare switch (`"enabled": false`).
 */
const SWITCHED_OFF = new RegExp(
  [
    String.raw`["']?(${PROTECTION})["']?\s*[:=]\s*(?:${OFF}|\{[^{}]*?${SWITCH})`,
    String.raw`()${SWITCH}`,
  ].join('|'),
  'giu',
);

/**
 * Judges an HTTP request by its effective `method` (an override header counts) and `bodies`: a
 * DELETE of a protection, or a body that sets one off (or sets `enabled` off on a protection's path).
 */
export function judgeProtectionChange(
  remote: RemoteTarget,
  method: string | undefined,
  bodies: readonly string[],
  judge: Judge,
): void {
  if (method === undefined || method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  const onPath = PROTECTION_SEGMENT.exec(remote.path)?.[0].replace(/^[/._-]/u, '');
  if (method === 'DELETE' && onPath !== undefined)
    return judge.findings.add(PROTECTION_RULES.protectionRemoved, `DELETE ${onPath}`);
  for (const body of bodies) {
    for (const off of body.matchAll(SWITCHED_OFF)) {
      const setting = off[1] ?? '';
      if (setting !== '' || onPath !== undefined)
        return judge.findings.add(
          PROTECTION_RULES.protectionRemoved,
          `${method} ${setting || onPath} off`,
        );
    }
  }
}
