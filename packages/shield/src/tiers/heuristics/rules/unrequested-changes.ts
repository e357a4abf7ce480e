import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import type { Judge } from '../judge.js';
import { asksToAct } from '../intent/task-words.js';
import { stemsOf } from '../intent/words.js';
import { effectiveMethod } from '../network/effective-method.js';
import { defineRule } from '../registry.js';
import { REMOTE_SOURCE_RULES } from './shell-remote-sources.js';

/**
 * An API call that deletes or overwrites something when all the user asked was to look ("what plan
 * are we on?", "list the repositories"): the change came from somewhere else, most often from text
 * the agent read. A request that asks for any act at all leaves the call to the other rules.
 */
export const UNREQUESTED_CHANGE_RULES = {
  changeNotAsked: defineRule(
    'intent.change_not_asked',
    'block',
    'deletes or changes something through an API when the user only asked to look',
  ),
};

/** Words of a request to look. */
const LOOKING = new Set(
  stemsOf(`list show check see look find read count summarise summarize status`),
);
/** Words of a question, matched as written: stemmed, "does" would be the name "Doe". */
const QUESTION = /\b(?:what|which|who|where|when|why|how|whether|is|are|does|do|did)\b/iu;
/** Words that ask for a change beyond those `asksToAct` knows. */
const CHANGING = new Set(
  stemsOf(`fix close resolve clean tidy edit archive revert undo bump release apply patch migrate
  configure setup rotate renew enable disable upgrade downgrade replace restore rebuild reopen
  assign label tag unlock lock transfer trigger retrigger redeploy rerun dispatch suspend
  deactivate reactivate offboard`),
);
const CHANGING_METHODS = new Set(['DELETE', 'PUT', 'PATCH']);
const CODE_HOST_CHANGES = [
  REMOTE_SOURCE_RULES.codeHostDelete,
  REMOTE_SOURCE_RULES.codeHostChange,
  REMOTE_SOURCE_RULES.codeHostPublish,
];

function onlyLooks(text: string): boolean {
  const words = stemsOf(text);
  return (
    (QUESTION.test(text) || words.some((word) => LOOKING.has(word))) &&
    !words.some((word) => CHANGING.has(word)) &&
    !asksToAct(text)
  );
}

export function judgeUnrequestedChange(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (request === undefined) return;
  if (type === 'execute_command') {
    // A code host's CLI told to change or delete something is the same API call made from a shell.
    const change = CODE_HOST_CHANGES.flatMap((rule) => judge.findings.detailsOf(rule))[0];
    if (change !== undefined && onlyLooks(request.text))
      judge.findings.add(UNREQUESTED_CHANGE_RULES.changeNotAsked, change);
    return;
  }
  if (type !== 'http_request' || !onlyLooks(request.text)) return;
  const method = effectiveMethod(payload);
  if (method !== undefined && CHANGING_METHODS.has(method))
    judge.findings.add(UNREQUESTED_CHANGE_RULES.changeNotAsked, method);
}
