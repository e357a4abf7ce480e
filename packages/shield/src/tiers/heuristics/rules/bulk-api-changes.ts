import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stemsOf } from '../intent/words.js';
import { userTypedCommand } from '../intent/typed-command.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { commandsOfAction } from '../shell/parse.js';
import { webRequestsOf } from '../shell/web-requests.js';

/**
 * An API call that deletes, archives, removes or exposes, made once per item of a loop or of
 * `xargs` (`for c in $(… conversations.list …); do curl … conversations.archive; done`): one
 * command line that changes everything a listing returned. Asked for in the user's words ("archive
 * all the old channels") a human decides; a request for one thing, or for nothing of the kind,
 * never asked for the rest.
 */
export const BULK_API_CHANGE_RULES = {
  bulkChange: defineRule(
    'intent.bulk_change',
    'escalate',
    'deletes, archives or exposes through an API every item of a list, in a loop',
  ),
  bulkChangeNotAsked: defineRule(
    'intent.bulk_change_not_asked',
    'block',
    'deletes, archives or exposes through an API every item of a list, which the user never asked for',
  ),
};

/** Endpoints named for a change that loses or opens something (Slack's methods, REST paths). */
const CHANGING_ENDPOINT =
  /(?:^|[/._-])(?:archive|delete|remove|kick|ban|close|convertToPublic|set(?:Admin|Owner)|deactivate|suspend|disable|unsubscribe|revoke|transfer|destroy|purge|erase|wipe)\w*(?:\/?$|\/[\w-]*$)/iu;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A body that ends what it is sent to: `{"status":"voided"}`, `state=closed`. */
const ENDING_STATUS =
  /["']?(?:status|state)["']?\s*[:=]\s*["']?(?:void(?:ed)?|cancel(?:l?ed)?|archived|deleted|closed|revoked|disabled|suspended|inactive)\b/iu;
/** Words of a request that means every item. */
const EVERY = new Set(stemsOf('all every each everyone everything bulk'));

function bulkChange(
  type: KnownActionType,
  payload: Readonly<Record<string, unknown>>,
  judge: Judge,
): string | undefined {
  for (const cmd of commandsOfAction(type, payload, judge.scope)) {
    if (!cmd.repeated) continue;
    for (const request of webRequestsOf(cmd)) {
      if (!WRITES.has(request.method) || !URL.canParse(request.url)) continue;
      const path = new URL(request.url).pathname;
      if (
        request.method === 'DELETE' ||
        CHANGING_ENDPOINT.test(path) ||
        ENDING_STATUS.test(request.body)
      )
        return `${request.method} ${request.url.replace(/\$.*$/u, '…')} for each item`;
    }
  }
  return undefined;
}

export function judgeBulkApiChanges(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'execute_command') return;
  const found = bulkChange(type, payload, judge);
  if (found === undefined) return;
  const asked =
    userTypedCommand(payload, request) ||
    (request !== undefined && stemsOf(request.text).some((word) => EVERY.has(word)));
  judge.findings.add(
    asked ? BULK_API_CHANGE_RULES.bulkChange : BULK_API_CHANGE_RULES.bulkChangeNotAsked,
    found,
  );
}
