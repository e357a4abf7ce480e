import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { sentBodies, stringsIn } from '../actions/fields.js';
import { stemsOf } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { DATABASE_PRIVILEGE_RULES } from './database-privileges.js';

/**
 * The user asked for someone to read or see something, and the action hands them control: an
 * admin, owner, writer or superuser role. Access is given at the level asked; the rest came from
 * somewhere else, and an account with control can keep itself in once the conversation is over.
 */
export const WIDER_GRANT_RULES = {
  widerThanAsked: defineRule(
    'privilege.wider_than_asked',
    'block',
    'grants control (admin, owner, write, superuser) where the user asked only for read access',
  ),
};

/** Roles and permissions of control in sharing and membership APIs. */
const CONTROL_GRANT =
  /["']?(?:permission|role|access_level|access)["']?\s*[:=]\s*["']?(admin|owner|maintain(?:er)?|push|write|writer|editor|organizer|fileOrganizer|manager)\b/iu;
/** Words that ask for looking only, and words that ask for more. */
const READING = new Set(stemsOf('read readonly read-only view viewer see look reader'));
const CONTROLLING = new Set(
  stemsOf(`admin administrator owner write writer edit editor maintain maintainer manage manager
  push full control superuser change modify`),
);

function asksOnlyToRead(text: string): boolean {
  const words = stemsOf(text);
  return words.some((w) => READING.has(w)) && !words.some((w) => CONTROLLING.has(w));
}

export function judgeWiderGrant(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (request === undefined || !asksOnlyToRead(request.text)) return;
  const superuser = judge.findings.detailsOf(DATABASE_PRIVILEGE_RULES.superuser)[0];
  if (superuser !== undefined)
    return judge.findings.add(WIDER_GRANT_RULES.widerThanAsked, superuser);
  if (type !== 'http_request' && type !== 'execute_command') return;
  for (const text of [...stringsIn(payload['command']), ...sentBodies(payload)]) {
    const grant = CONTROL_GRANT.exec(text)?.[1];
    if (grant !== undefined) return judge.findings.add(WIDER_GRANT_RULES.widerThanAsked, grant);
  }
}
