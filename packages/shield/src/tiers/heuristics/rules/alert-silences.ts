import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { sentBodies } from '../actions/fields.js';
import { stemsOf } from '../intent/words.js';
import { userTypedCommand } from '../intent/typed-command.js';
import type { Judge } from '../judge.js';
import { effectiveMethod } from '../network/effective-method.js';
import { defineRule } from '../registry.js';
import { operands, options } from '../shell/options.js';
import { commandsOfAction } from '../shell/parse.js';
import { webRequestsIn } from '../shell/web-requests.js';

/**
 * A silence that matches every alert (Alertmanager's API, Grafana's copy of it, `amtool silence
 * add`): while it lasts nothing pages anyone, whatever breaks or whoever breaks in. Silencing one
 * alert the user names is everyday on-call work and is left alone. A catch-all the user asked for
 * ("silence all alerts during the upgrade") goes to a human; one nobody asked for came from
 * something the agent read.
 */
export const ALERT_SILENCE_RULES = {
  allMuted: defineRule(
    'monitoring.all_alerts_silenced',
    'escalate',
    'silences every alert, so that nothing pages anyone while it lasts',
  ),
  allMutedNotAsked: defineRule(
    'monitoring.all_alerts_silenced_not_asked',
    'block',
    'silences every alert, which the user never asked for',
  ),
};

const SILENCES_PATH = /\/api\/v[12]\/silences\/?$/iu;
/** Label values a catch-all matcher must match: alert names, severities, instances alike. */
const PROBES = ['a', 'HighMemoryUsage', 'critical', 'db-01:9100', 'Watchdog'];
/** `name=value`, `name!=value`, `name=~regex`, `name!~regex`, as amtool takes them. */
const AMTOOL_MATCHER = /^([A-Za-z_]\w*)(=~|!~|!=|=)["']?(.*?)["']?$/u;
const AMTOOL_VALUES = options(
  '-a --author -c --comment -d --duration --start --end -u --alertmanager.url --config.file -o --output',
);

interface Matcher {
  readonly value: string;
  readonly isRegex: boolean;
  readonly isEqual: boolean;
}

function matchesEveryProbe(matcher: Matcher): boolean {
  let test: (probe: string) => boolean;
  if (matcher.isRegex) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(`^(?:${matcher.value})$`, 'u');
    } catch {
      return false;
    }
    test = (probe) => pattern.test(probe);
  } else test = (probe) => probe === matcher.value;
  return PROBES.every((probe) => test(probe) === matcher.isEqual);
}

/** No matcher narrows the silence to some alerts (an empty list matches all). */
function catchAll(matchers: readonly Matcher[]): boolean {
  return matchers.every(matchesEveryProbe);
}

function bodyMatchers(body: string): Matcher[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object') return undefined;
  const list = (parsed as { matchers?: unknown }).matchers;
  if (!Array.isArray(list)) return undefined;
  return list.map((item: unknown) => {
    const matcher = (item ?? {}) as Record<string, unknown>;
    return {
      value: String(matcher['value'] ?? ''),
      isRegex: matcher['isRegex'] === true,
      isEqual: matcher['isEqual'] !== false,
    };
  });
}

function amtoolMatchers(args: readonly string[]): Matcher[] {
  return args.flatMap((arg) => {
    const [, , op = '=', value = ''] = AMTOOL_MATCHER.exec(arg) ?? [
      undefined,
      'alertname',
      '=',
      arg,
    ];
    return [{ value, isRegex: op.includes('~'), isEqual: !op.startsWith('!') }];
  });
}

/** Where the action silences every alert: the request or command that does it. */
function catchAllSilence(
  type: KnownActionType,
  payload: Readonly<Record<string, unknown>>,
  judge: Judge,
): string | undefined {
  if (type === 'http_request') {
    const url = typeof payload['url'] === 'string' ? payload['url'] : '';
    if (effectiveMethod(payload) !== 'POST' || !URL.canParse(url)) return undefined;
    if (!SILENCES_PATH.test(new URL(url).pathname)) return undefined;
    for (const body of sentBodies(payload)) {
      const matchers = bodyMatchers(body);
      if (matchers !== undefined && catchAll(matchers)) return `POST ${url}`;
    }
    return undefined;
  }
  if (type !== 'execute_command' || typeof payload['command'] !== 'string') return undefined;
  for (const call of webRequestsIn(payload['command'], judge.scope)) {
    const found = catchAllSilence('http_request', { ...call }, judge);
    if (found !== undefined) return found;
  }
  for (const cmd of commandsOfAction(type, payload, judge.scope)) {
    if (cmd.name !== 'amtool') continue;
    const words = operands(cmd.args, AMTOOL_VALUES).map((arg) => arg.text);
    const at = words.findIndex((word, i) => word === 'silence' && words[i + 1] === 'add');
    if (at >= 0 && catchAll(amtoolMatchers(words.slice(at + 2))))
      return `amtool ${words.slice(at).join(' ')}`;
  }
  return undefined;
}

/** Words a user asks for a silence of everything with. */
const MUTING = new Set(stemsOf('silence mute snooze quiet maintenance'));
const EVERYTHING = new Set(stemsOf('all every everything'));

export function judgeAlertSilences(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type === undefined) return;
  const found = catchAllSilence(type, payload, judge);
  if (found === undefined) return;
  const words = request === undefined || request.untrustedContent ? [] : stemsOf(request.text);
  const asked =
    userTypedCommand(payload, request) ||
    (words.some((w) => MUTING.has(w)) && words.some((w) => EVERYTHING.has(w)));
  judge.findings.add(
    asked ? ALERT_SILENCE_RULES.allMuted : ALERT_SILENCE_RULES.allMutedNotAsked,
    found,
  );
}
