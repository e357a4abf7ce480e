import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { alternation } from '../text/word-list.js';
import type { RemoteTarget } from './hosts.js';

/**
 * Services on the local network (a NAS, a router, Vault, Consul, Jenkins, a cluster API) trust
 * requests from this machine that they would refuse from the internet: a request there reaches past
 * the firewall with the machine's standing. One that asks such a service for its secrets is a
 * credential theft whatever the method; loopback is the user's own machine, where a dev server
 * answering on a secrets path is still asked about, not refused.
 */
export const INTERNAL_SERVICE_RULES = {
  internalService: defineRule(
    'network.internal_service',
    'escalate',
    'reaches a service on the local network, which trusts this machine',
  ),
  internalSecrets: defineRule(
    'network.internal_secrets',
    'block',
    'asks a service on the local network for its secrets or credentials',
  ),
};

/** Path or query words that name what a service keeps secret. */
const SECRET_WORDS = [
  /secrets?/u,
  /credentials?/u,
  /passw(?:or)?ds?/u,
  'passwd',
  /tokens?/u,
  /api[-_]?keys?/u,
  /private[-_]?keys?/u,
];
const SECRET_SEGMENT = new RegExp(
  String.raw`(?:^|[/?&=._-])(?:${alternation(SECRET_WORDS)})(?=$|[/?&=._-])`,
  'iu',
);

/** Judges an HTTP request to a loopback or private-network host; other hosts are left alone. */
export function judgeInternalService(remote: RemoteTarget, judge: Judge): void {
  if (remote.kind !== 'private' && remote.kind !== 'loopback') return;
  const secrets = SECRET_SEGMENT.exec(`${remote.path}${remote.query}`)?.[0];
  if (secrets !== undefined && remote.kind === 'private')
    return judge.findings.add(
      INTERNAL_SERVICE_RULES.internalSecrets,
      `${remote.host}${remote.path}`,
    );
  if (remote.kind === 'private' || secrets !== undefined)
    judge.findings.add(INTERNAL_SERVICE_RULES.internalService, remote.host);
}
