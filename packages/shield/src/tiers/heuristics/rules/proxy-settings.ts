import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stringsIn } from '../actions/fields.js';
import { requestWords, userTyped } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { parseRemote } from '../network/hosts.js';
import { defineRule } from '../registry.js';

/**
 * A proxy set for the desktop, the browser, a shell or a package manager: from then on everything
 * those programs fetch, logins and cookies included, passes through that host. One on this
 * machine is a developer's tool; one elsewhere the user named is theirs to choose, after a human
 * looks; one the user never named came from something the agent read.
 */
export const PROXY_RULES = {
  proxySet: defineRule(
    'network.proxy_set',
    'escalate',
    "routes the machine's or a program's web traffic through a proxy on another host",
  ),
  proxyNotGiven: defineRule(
    'network.proxy_not_given',
    'block',
    "routes the machine's or a program's web traffic through a proxy the user never named",
  ),
};

/** Where each kind of setting names its proxy (the value is captured). */
const PROXY_SETTINGS: readonly RegExp[] = [
  // GNOME's system proxy, and macOS's networksetup.
  /\borg\.gnome\.system\.proxy\.(?:https?|ftp|socks)\s+host\s+["']?([^\s"';&|]+)/giu,
  /\bnetworksetup\s+-set(?:web|secureweb|socksfirewall|ftp)proxy\s+(?:"[^"]*"|\S+)\s+([^\s;&|]+)/giu,
  // The environment (`export https_proxy=…`), in a command or a start-up file.
  /\b(?:https?|all|ftp)_proxy\s*=\s*["']?([^\s"';&|]+)/giu,
  // Tools' own settings: git, npm, pip, a browser's flag.
  /\bhttps?\.proxy\s+["']?([^\s"';&|]+)/giu,
  /\b(?:npm|pnpm|yarn)\s+config\s+set\s+(?:https-)?proxy\s+["']?([^\s"';&|]+)/giu,
  /\bglobal\.proxy\s+["']?([^\s"';&|]+)/giu,
  /--proxy-server[= ]["']?([^\s"';&|]+)/giu,
];

/** The proxy hosts the action sets, outside this machine. */
function proxiesSet(type: KnownActionType, payload: Readonly<Record<string, unknown>>): string[] {
  const texts =
    type === 'execute_command'
      ? stringsIn(payload['command'])
      : type === 'write_file'
        ? stringsIn(payload['content'])
        : [];
  const hosts: string[] = [];
  for (const text of texts)
    for (const setting of PROXY_SETTINGS)
      for (const [, value = ''] of text.matchAll(setting)) {
        const target = parseRemote(value);
        if (target !== undefined && target.kind !== 'loopback' && target.kind !== 'dynamic')
          hosts.push(target.host);
      }
  return hosts;
}

export function judgeProxySettings(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type === undefined) return;
  const words = request?.untrustedContent === true ? undefined : requestWords(request);
  for (const host of proxiesSet(type, payload))
    judge.findings.add(
      words !== undefined && userTyped(host, words)
        ? PROXY_RULES.proxySet
        : PROXY_RULES.proxyNotGiven,
      host,
    );
}
