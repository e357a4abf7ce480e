import { argumentPastRulesIn, modelOverrideIn, pressureSignalIn } from '../content/inducement.js';
import { payloadStrings } from '../../../payload-strings.js';
import { READ_ONLY_ACTION_TYPES } from '../actions/read-only.js';
import { outboundOf } from '../intent/destinations.js';
import { pressingPhraseIn } from '../intent/pressing-words.js';
import type { Findings } from '../findings.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import type { HeuristicContext } from '../types.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import { judgeUnnamedDestination } from './unnamed-destination.js';

/**
 * An action that already needs a human for what it does (an install, a recursive delete, a new
 * agent, a schedule, a send outside …) is blocked outright when the text that led to it shows it
 * was talked into: an override of the agent's rules, orders addressed to "the agent" from inside
 * data, an argument against the checks, permission vouched for in words, or a demand for secrecy.
 * A person shown both would refuse; asking them is only a chance to be misled. The same action
 * without such a sign keeps going to a human.
 */
export const INDUCED_RULES = {
  inducedRisk: defineRule(
    'induced.risky_action',
    'block',
    'needs a human for what it does, and the text that led to it argues it past the rules',
  ),
  steeredChange: defineRule(
    'induced.steered_change',
    'escalate',
    'changes or sends something after content the agent read gave it orders',
  ),
};

/** Fields of the action itself: only phrasing aimed at a model counts there (letters may say "trust me"). */
function payloadSignal(payload: Readonly<Record<string, unknown>>): string | undefined {
  for (const text of payloadStrings(payload)) {
    const found = modelOverrideIn(text);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Words handed to another agent or a later run: each needs a human by policy whatever the rules
 * here find, and one written right after text that tried to steer this agent is how an injection
 * spreads from agent to agent.
 */
const DELEGATING: ReadonlySet<string> = new Set([
  'agent_message',
  'create_agent',
  'create_schedule',
]);

/** Escalations for running the project's own tasks: a deadline is what they are run for. */
const PROJECT_TASKS: ReadonlySet<string> = new Set([SHELL_EXECUTION_RULES.buildTarget.id]);

/**
 * Called once the other rules ran without blocking; `type` is the canonical action type. An
 * argument past the rules blocks any such action. Hurry and feeling alone block a send only to a
 * destination the user's words do not name (a send they named stays with a human), and a local
 * effect unless it only runs the project's own tasks.
 */
export function judgeInducement(
  type: string | undefined,
  payload: Readonly<Record<string, unknown>>,
  context: HeuristicContext,
  judge: Judge,
): void {
  const findings = judge.findings;
  const { contextText, contextSignals, userRequest } = context;
  if (findings.empty && (type === undefined || !DELEGATING.has(type))) {
    judgeSteeredChange(type, payload, contextSignals, findings);
    return;
  }
  // The engine keeps each sign as it arrived; one that no longer reads as plain pressure on its
  // own counts as an argument past the rules (the stronger of the two).
  const keptPressure = contextSignals?.find((signal) => pressureSignalIn(signal) !== undefined);
  const keptArgument = contextSignals?.find(
    (signal) => argumentPastRulesIn(signal) !== undefined || pressureSignalIn(signal) === undefined,
  );
  const argument =
    payloadSignal(payload) ??
    keptArgument ??
    (contextText === undefined ? undefined : argumentPastRulesIn(contextText));
  if (argument !== undefined) return findings.add(INDUCED_RULES.inducedRisk, argument);
  const pressure = relayedPhrase(
    keptPressure ?? (contextText === undefined ? undefined : pressureSignalIn(contextText)),
    payload,
  );
  const outbound = findings.empty ? undefined : outboundOf(type, payload, judge.scope);
  if (outbound !== undefined && userRequest !== undefined && userRequest.text.trim() !== '') {
    const pressed = pressure ?? pressingPhraseIn(userRequest.text);
    return judgeUnnamedDestination(outbound, userRequest, pressed, findings);
  }
  if (pressure === undefined) return;
  if (!findings.empty && findings.result().ruleIds.every((id) => PROJECT_TASKS.has(id))) return;
  findings.add(INDUCED_RULES.inducedRisk, pressure);
}

/**
 * Pressure, unless the action itself carries the phrase: "remind the room that standup is in 5
 * minutes" relays a time to people; it presses no one to skip a check.
 */
function relayedPhrase(
  pressure: string | undefined,
  payload: Readonly<Record<string, unknown>>,
): string | undefined {
  if (pressure === undefined) return undefined;
  const phrase = (pressureSignalIn(pressure) ?? pressure).toLowerCase();
  return payloadStrings(payload).some((text) => text.toLowerCase().includes(phrase))
    ? undefined
    : pressure;
}

/** A GET or HEAD with nothing in its query reads a page; anything else may carry data out. */
function onlyReads(type: string, payload: Readonly<Record<string, unknown>>): boolean {
  // What a read returns is judged when the agent acts on it.
  if (READ_ONLY_ACTION_TYPES.has(type)) return true;
  if (type !== 'http_request') return false;
  const method = typeof payload['method'] === 'string' ? payload['method'].toUpperCase() : '';
  const url = typeof payload['url'] === 'string' ? payload['url'] : '';
  return (method === 'GET' || method === 'HEAD') && !url.includes('?');
}

/**
 * An action the rules pass is still asked about when outside content the turn read (a page, a
 * file, tool output: never the user's own words) addressed the agent with orders, and the action
 * changes or sends something: it may be those orders being followed. Reads go on; only phrasing
 * aimed at a model counts here, not the pressure a page may carry for its human readers.
 */
function judgeSteeredChange(
  type: string | undefined,
  payload: Readonly<Record<string, unknown>>,
  contextSignals: readonly string[] | undefined,
  findings: Findings,
): void {
  if (type === undefined || contextSignals === undefined || onlyReads(type, payload)) return;
  const order = contextSignals.find((signal) => modelOverrideIn(signal) !== undefined);
  if (order !== undefined) findings.add(INDUCED_RULES.steeredChange, order);
}
