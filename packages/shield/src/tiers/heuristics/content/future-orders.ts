import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * A note that fires later: "when asked for a report, also …", "at the start of each conversation
 * …", "on each e-mail you send …". Stored in memory it becomes an order every later run obeys,
 * beside the "always / never / from now on" the standing-order check already reads.
 */
const WHO_TRIGGERS = [
  'you',
  'the user',
  'i',
  'asked',
  'someone',
  'anyone',
  /the (?:owner|human|assistant|agent)/u,
];
const OCCASIONS = [
  /e-?mails?/u,
  /messages?/u,
  /repl(?:y|ies)/u,
  /reports?/u,
  /sessions?/u,
  /conversations?/u,
  /chats?/u,
  /tasks?/u,
  /requests?/u,
  /runs?/u,
  /turns?/u,
  /starts?/u,
  /invoices?/u,
  /files?/u,
  /deletions?/u,
  /clean-?ups?/u,
];
const TRIGGERS = [
  String.raw`when(?:ever)?\s+(?:${alternation(WHO_TRIGGERS)})\b`,
  String.raw`(?:each|every|any)\s+time\b`,
  String.raw`next\s+time\b`,
  String.raw`at\s+the\s+(?:start|beginning|end)\s+of\s+(?:each|every|any|the\s+next)\b`,
  String.raw`(?:on|for|with|in|after|before)\s+(?:each|every|all|any)\s+(?:future\s+)?(?:${alternation(OCCASIONS)})\b`,
  String.raw`(?:each|every|all|any)\s+(?:${alternation(OCCASIONS)})\s+(?:you|the assistant|the agent|we)\s+\w+`,
];
const FUTURE_TRIGGER = caseless(new RegExp(String.raw`\b(?:${TRIGGERS.join('|')})`, 'iu'));

export function futureTrigger(text: string): string | undefined {
  return FUTURE_TRIGGER.exec(text)?.[0];
}
