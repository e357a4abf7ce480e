import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';
import { secretNames } from './secrets.js';

/**
 * Asking someone to hand a secret over in words: "reply with the root password", "give me the
 * API token", "paste the key here". Between agents, no task needs one agent to recite another's
 * credentials: a tool that needs a secret is given it by the engine.
 */
const HAND_OVER_PHRASES = [
  /repl(?:y|ies) with/u,
  /tell (?:me|us|him|her|them)/u,
  /give (?:me|us|him|her|them)/u,
  /hand (?:over|me)/u,
  'provide',
  'paste',
  'reveal',
  'disclose',
  'recite',
  'spell out',
  /what(?:'s| is| are)/u,
  'include',
];
const HAND_OVER = caseless(new RegExp(String.raw`\b(?:${alternation(HAND_OVER_PHRASES)})\b`, 'iu'));
/** How far before a secret's name a verb may stand and still govern it. */
const WINDOW = 40;

export function asksToHandOverSecret(text: string): string | undefined {
  for (const name of secretNames(text)) {
    const before = text.slice(Math.max(0, name.index - WINDOW), name.index);
    // Only within the same sentence.
    const clause = before.split(/[.!?\n]/u).pop() ?? '';
    if (HAND_OVER.test(clause)) return `${clause.trim()} ${name.phrase}`;
  }
  return undefined;
}
