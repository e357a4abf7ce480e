import type { Rule } from '../registry.js';
import { DEVICE_RULES } from '../rules/device-bridges.js';
import { PAGE_SCRIPT_RULES } from '../rules/page-scripts.js';
import { SECURITY_TESTING_RULES } from '../rules/security-testing.js';
import { NETWORK_RULES } from '../rules/network.js';
import { SHELL_EXECUTION_RULES } from '../rules/shell-execution.js';
import { OBSERVATION_RULES } from '../rules/shell-observation.js';
import type { Waivers } from './waivers.js';
import { stemsOf, userSaid, userSaidStem, userTyped, type SaidWords } from './words.js';

/** A lone attach by process id or by a `pgrep`/`pidof` of a name: `py-spy dump --pid $(pgrep -f app)`. */
const LONE_ATTACH =
  /^\s*(?:strace|ltrace|py-spy|rbspy|gcore|pstack|eu-stack)\b[^;&|`<>]*?(?:\s|=)(?:(\d+)|\$\((?:pgrep|pidof)(?:\s+-[a-z]+)*\s+(['"]?)([^'"()$`]+)\2\s*\))(?:\s+[^;&|`<>$()]*)?\s*$/u;

/**
 * A debugger or sampler attached to a program the user named ("where is my python app stuck" for
 * `py-spy dump --pid $(pgrep -f 'python app.py')`), or to the process id they typed: looking
 * inside it is what they asked. A program that holds credentials stays refused.
 */
export function attachWaivers(command: string, words: SaidWords): Waivers | undefined {
  const match = LONE_ATTACH.exec(command);
  if (match === null) return undefined;
  const [, pid, , name = ''] = match;
  // Short parts of a name are extensions and flags (`app.py`): its words must all be the user's.
  const parts = stemsOf(name).filter((part) => part.length >= 3);
  const named =
    pid !== undefined
      ? userTyped(pid, words)
      : parts.length > 0 && parts.every((part) => userSaidStem(part, words));
  if (!named) return undefined;
  return { rules: new Set<Rule>([OBSERVATION_RULES.processAttach]), requestedByUser: false };
}

/** `docker run` options that only say how: removal, a terminal, a name, the working folder. */
const PLAIN_RUN_OPTION = /^(?:--rm|-it|-ti|-i|-t|--init)$/u;
const PLAIN_RUN_VALUE = /^(?:-w|--workdir|--name)$/u;
/** The workspace, mounted into the container. */
const WORKSPACE_MOUNT = /^(?:"\$PWD"|\$PWD|"\$\(pwd\)"|\$\(pwd\)|\.):\/[\w/.-]+$/u;

/**
 * A container from an official image the user named ("run the tests in a clean node container"
 * for `docker run --rm -v "$PWD":/app -w /app node:20 npm test`): a Docker Library image (no
 * owner, no registry), the workspace its only mount, nothing else changed. What it runs is the
 * project's own command; host access is judged as before.
 */
export function officialImageWaivers(command: string, words: SaidWords): Waivers | undefined {
  const tokens = command.trim().split(/\s+/u);
  if (!/^(?:docker|podman)$/u.test(tokens[0] ?? '') || tokens[1] !== 'run') return undefined;
  if (/[;&|`<>]/u.test(command)) return undefined;
  let at = 2;
  for (; at < tokens.length; at++) {
    const token = tokens[at] ?? '';
    if (PLAIN_RUN_OPTION.test(token)) continue;
    if (PLAIN_RUN_VALUE.test(token)) at++;
    else if (token === '-v' || token === '--volume') {
      if (!WORKSPACE_MOUNT.test(tokens[at + 1] ?? '')) return undefined;
      at++;
    } else if (token.startsWith('-')) return undefined;
    else break;
  }
  const image = /^([a-z0-9][a-z0-9._-]*)(?::[\w.-]+)?$/u.exec(tokens[at] ?? '')?.[1];
  if (image === undefined || !userSaid(image, words)) return undefined;
  return { rules: new Set<Rule>([SHELL_EXECUTION_RULES.container]), requestedByUser: false };
}

/** A package tool run once, alone: `npx pa11y http://localhost:3000`, `pnpm dlx …`, `bunx …`. */
const LONE_PACKAGE_RUN =
  /^\s*(?:npx(?:\s+(?:--yes|-y))?|pnpm\s+dlx|yarn\s+dlx|bunx)\s+((?:@[\w.-]+\/)?[\w.-]+)(?:@[\w.^~-]+)?(?:\s+[^\s;&|`<>$()'"]+)*\s*$/u;

/**
 * A package tool the user asked for by its exact name ("check the site with pa11y"): which
 * package runs is theirs to say. Its arguments are judged as before; a URL other than this
 * machine's keeps the question.
 */
export function namedPackageWaivers(command: string, words: SaidWords): Waivers | undefined {
  const pkg = LONE_PACKAGE_RUN.exec(command)?.[1];
  if (pkg === undefined || !userTyped(pkg, words)) return undefined;
  const urls = command.match(/[a-z][a-z0-9+.-]*:\/\/[^\s/]+/giu) ?? [];
  if (urls.some((url) => !/:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/iu.test(url)))
    return undefined;
  return { rules: new Set<Rule>([SHELL_EXECUTION_RULES.packageRunner]), requestedByUser: false };
}

/** A web client run alone whose address is one variable: `curl … "$SLACK_WEBHOOK_URL"`. */
const ADDRESS_FROM_VARIABLE =
  /^\s*(?:curl|wget|http|https|xh)\b[^;&|`<>]*?\s"?\$\{?([A-Za-z_]\w*)\}?"?(?:\s+[^;&|`<>$()]*)?\s*$/u;
/** Words of a variable's name that say it holds an address, not whose it is. */
const ADDRESS_WORDS = new Set(['url', 'uri', 'endpoint', 'address', 'addr', 'host']);

/**
 * A request to the address the user named by its variable's words ("post it to our Slack webhook"
 * for `$SLACK_WEBHOOK_URL`): where it goes is theirs. What is sent is judged as before.
 */
export function namedAddressWaivers(command: string, words: SaidWords): Waivers | undefined {
  const variable = ADDRESS_FROM_VARIABLE.exec(command)?.[1];
  if (variable === undefined) return undefined;
  const parts = variable
    .toLowerCase()
    .split('_')
    .filter((part) => part !== '' && !ADDRESS_WORDS.has(part));
  if (parts.length === 0 || !parts.every((part) => userSaid(part, words))) return undefined;
  return {
    rules: new Set<Rule>([NETWORK_RULES.destinationFromEnvironment, NETWORK_RULES.networkSend]),
    requestedByUser: false,
  };
}

/**
 * An app the user named by its package ("clear the data of com.acme.app") uninstalled or cleared
 * on their phone: which app loses its data is theirs to say. Another package keeps the question.
 */
export function namedAppWaivers(words: SaidWords): Waivers {
  return {
    rules: new Set<Rule>(),
    settledFindings: new Map([[DEVICE_RULES.appRemoved, (app: string) => userTyped(app, words)]]),
    requestedByUser: false,
  };
}

/** Parts of a script's address that say nothing about whose it is. */
const GENERIC_ADDRESS_PARTS = new Set([
  'www',
  'cdn',
  'static',
  'assets',
  'js',
  'npm',
  'dist',
  'min',
  'lib',
  'com',
  'net',
  'org',
  'io',
]);

/**
 * A page script from a site or package the user named ("add Plausible analytics" for
 * `https://plausible.io/js/script.js`, "add Chart.js" for `https://cdn.jsdelivr.net/npm/chart.js`):
 * the host they typed, a name of the host they said, or a package in its path they typed.
 */
export function namedPageScriptWaivers(words: SaidWords): Waivers {
  const settles = (source: string): boolean => {
    const url = /^(?:https?:)?\/\/([^/?#]+)([^?#]*)/iu.exec(source);
    const host = url?.[1]?.toLowerCase() ?? '';
    if (host === '' || userTyped(host, words)) return host !== '';
    const labels = host
      .split('.')
      .slice(0, -1)
      .filter((label) => label.length >= 4 && !GENERIC_ADDRESS_PARTS.has(label));
    if (labels.some((label) => userSaid(label, words))) return true;
    const segments = (url?.[2] ?? '').split('/').map((part) => part.replace(/@[\w.^~-]*$/u, ''));
    return segments.some(
      (part) => part.length >= 3 && !GENERIC_ADDRESS_PARTS.has(part) && userTyped(part, words),
    );
  };
  return {
    rules: new Set<Rule>(),
    settledFindings: new Map([[PAGE_SCRIPT_RULES.thirdPartyScript, settles]]),
    requestedByUser: false,
  };
}

/**
 * A scan of the host or range the user typed ("which devices are on 192.168.1.0/24"), and hashes
 * cracked from the file they typed: which host is probed and which file is worked on is theirs to
 * say. Attacks on other hosts stay refused however they are asked for.
 */
export function namedTargetWaivers(words: SaidWords): Waivers {
  const typed = (detail: string): boolean => userTyped(detail, words);
  return {
    rules: new Set<Rule>(),
    settledFindings: new Map([
      [SECURITY_TESTING_RULES.scan, typed],
      [SECURITY_TESTING_RULES.cracking, typed],
    ]),
    requestedByUser: false,
  };
}
