import type { KnownActionType } from '../../../action-types.js';
import { caseless } from '../../../caseless.js';
import type { UserRequest } from '../../../types.js';
import { sentBodies, stringsIn } from '../actions/fields.js';
import { stemsOf } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { agentTexts } from './unrequested-destinations.js';

/**
 * A home's physical security switched off through its automation: a lock opened, an alarm
 * disarmed, cameras or their alerts turned off, by an API call, a command or an order to an agent.
 * Asked for in the user's words ("unlock the front door for my sister") it goes to a human; asked
 * for nothing of the kind, it came from somewhere else and leaves the home open.
 */
export const HOME_SECURITY_RULES = {
  off: defineRule(
    'home.security_off',
    'escalate',
    "unlocks a door, disarms an alarm or switches a home's cameras or alerts off",
  ),
  offNotAsked: defineRule(
    'home.security_off_not_asked',
    'block',
    "unlocks a door, disarms an alarm or switches a home's cameras or alerts off, which the user never asked for",
  ),
};

/** Home Assistant's services that open, disarm or blind (its REST API and its CLI alike). */
const SERVICES =
  /\b(?:lock[/.](?:unlock|open)|alarm_control_panel[/.]alarm_disarm|camera[/.](?:turn_off|disable_motion_detection))\b/iu;
/** The same said in words, as an order to an agent or a schedule's prompt. */
const SAID = caseless(
  /\b(?:(?:unlock|open)\s+(?:the\s+)?(?:(?:front|back|garage|main|side)\s+)?(?:door|gate)s?|disarm\w*\s+(?:the\s+)?(?:alarm|security(?: system)?)|(?:turn|switch|shut)\s+off\s+(?:all\s+)?(?:the\s+)?(?:security\s+)?cameras?|(?:disable|turn\s+off|switch\s+off|mute)\s+(?:all\s+)?(?:the\s+)?(?:motion\s+)?(?:alerts|detection|alarm))\b/iu,
);
/** Verbs a user asks with for exactly that ("unlock the door", "turn the cameras off"), not a question about it. */
const ASKING = new Set(stemsOf('unlock open disarm disable deactivate off mute'));

function opening(
  type: KnownActionType,
  payload: Readonly<Record<string, unknown>>,
): string | undefined {
  const texts =
    type === 'http_request'
      ? [...stringsIn(payload['url']), ...sentBodies(payload)]
      : type === 'execute_command'
        ? stringsIn(payload['command'])
        : agentTexts(type, payload);
  for (const text of texts) {
    const found = SERVICES.exec(text)?.[0] ?? SAID.exec(text)?.[0];
    if (found !== undefined) return found;
  }
  return undefined;
}

const JUDGED: ReadonlySet<KnownActionType> = new Set<KnownActionType>([
  'http_request',
  'execute_command',
  'agent_message',
  'create_agent',
  'create_schedule',
  'memory_write',
]);

export function judgeHomeSecurity(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type === undefined || !JUDGED.has(type)) return;
  const found = opening(type, payload);
  if (found === undefined) return;
  const asked = request !== undefined && stemsOf(request.text).some((word) => ASKING.has(word));
  judge.findings.add(asked ? HOME_SECURITY_RULES.off : HOME_SECURITY_RULES.offNotAsked, found);
}
