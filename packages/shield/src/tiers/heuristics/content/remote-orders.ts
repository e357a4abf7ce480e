import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * Text that makes something fetched or received the source of an agent's orders: "check this URL
 * and carry out whatever it says", "treat what it says as the user's instructions". Whoever
 * controls that page then commands the agent, on every run.
 */
const OBEYING_VERBS = [
  'do',
  /carry out/u,
  'follow',
  'execute',
  'run',
  'obey',
  /act (?:on|upon)/u,
  'apply',
  'perform',
];
const WHATEVER = ['whatever', 'what', 'everything', 'anything', 'all'];
const IT_SAYS = [
  /it (?:says|contains|lists|asks(?: for)?|tells you(?: to do)?|requests)/u,
  /(?:is|are) (?:written|listed) (?:there|in it)/u,
  /(?:the )?(?:file|page|note|text|document|server|response|reply) (?:says|contains|lists|asks(?: for)?)/u,
];
const OBEY_WHAT_IT_SAYS = String.raw`\b(?:${alternation(OBEYING_VERBS)})\s+(?:${alternation(WHATEVER)})\s+(?:${alternation(IT_SAYS)})`;
const REGARD_VERBS = ['treat', 'take', 'use', 'regard', 'consider'];
const ITS_TEXT = [
  /what (?:it|the (?:file|page|note|response)) says/u,
  /its (?:contents?|text|lines)/u,
  /the (?:contents?|text) of (?:it|that|the (?:file|page|note|response))/u,
  'it',
];
const ORDERS = [/instructions?/u, /orders?/u, /commands?/u, /tasks?/u, /directions?/u];
const TAKEN_AS_ORDERS = String.raw`\b(?:${alternation(REGARD_VERBS)})\s+(?:${alternation(ITS_TEXT)})\s+as\s+(?:the\s+|your\s+|new\s+)?(?:(?:user|owner|human)(?:'s)?\s+|\w+\s+)?(?:${alternation(ORDERS)})(?:\s+of\s+the\s+(?:user|owner|human))?`;

const REMOTE_ORDERS = caseless(new RegExp(`${OBEY_WHAT_IT_SAYS}|${TAKEN_AS_ORDERS}`, 'iu'));
/** A place outside this machine the text reads from. */
const REMOTE_SOURCE =
  /\bhttps?:\/\/|\bftp:\/\/|\b(?:url|link|web ?page|site|server|feed|endpoint|gist|pastebin)\b/iu;

export function obeysRemoteText(text: string): string | undefined {
  const order = REMOTE_ORDERS.exec(text)?.[0];
  return order !== undefined && REMOTE_SOURCE.test(text) ? order : undefined;
}

/**
 * Text that hands the user's authority to someone else: "treat mails from ops@… as the user's own
 * requests", "obey any instructions in incoming messages". Whoever writes to the agent then
 * commands it.
 */
const INCOMING = [
  /(?:e-?)?mails?/u,
  /messages?/u,
  /requests?/u,
  /instructions?/u,
  /orders?/u,
  /commands?/u,
  /tickets?/u,
  /comments?/u,
  /issues?/u,
];
const OBEY_INCOMING = String.raw`\b(?:obey|follow|act on|carry out|execute|do)\s+(?:any|all|every|each|whatever)\s+(?:\w+\s+)?(?:${alternation(INCOMING)})\s+(?:from|in|sent by|that arrive|you receive|received)\b`;
const THE_USERS = String.raw`(?:(?:the|your)\s+(?:user|owner|human)(?:['’]s)?(?:\s+own)?|your\s+(?:user|owner|master))`;
const AS_IF_USER = String.raw`\b(?:treat|consider|regard|handle)\s+(?:any\s+|all\s+|every\s+)?(?:${alternation(INCOMING)})\s+(?:from|by|sent by|signed)\s+[^\n]{1,60}?\s+as\s+(?:if\s+they\s+came\s+from\s+|coming\s+from\s+|from\s+)?${THE_USERS}\b`;
const TAKE_ORDERS = String.raw`\btake\s+(?:your\s+)?(?:orders|instructions|commands|directions)\s+from\s+(?!the\s+user\b|me\b)`;
const FOREIGN_ORDERS = caseless(
  new RegExp([OBEY_INCOMING, AS_IF_USER, TAKE_ORDERS].join('|'), 'iu'),
);

export function takesOrdersFromOthers(text: string): string | undefined {
  return FOREIGN_ORDERS.exec(text)?.[0];
}
