import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { namesSecretMaterial } from '../content/secrets.js';
import { stringField } from '../actions/fields.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/**
 * The assistant's memory holds what the user told it over many sessions. A search of it for
 * passwords, keys or tokens puts whatever it finds in front of the model; when the user's words
 * say nothing of secrets, the search came from elsewhere (a page that asks the assistant to "look
 * up every password you remember"). Asked by the user ("what was the wifi password I gave you?"),
 * it is their own note read back to them.
 */
export const UNREQUESTED_SECRET_SEARCH_RULES = {
  memorySecretSearch: defineRule(
    'secrets.memory_search_not_asked',
    'escalate',
    "searches the assistant's memory for secrets the user did not ask about",
  ),
};

export function judgeUnrequestedSecretSearch(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'memory_search') return;
  const query = stringField(payload, ['query', 'key'], judge);
  if (query === undefined || namesSecretMaterial(query) === undefined) return;
  if (request !== undefined && namesSecretMaterial(request.text) !== undefined) return;
  judge.findings.add(UNREQUESTED_SECRET_SEARCH_RULES.memorySecretSearch, query);
}
