import type { CaselessPattern } from '../../../caseless.js';

/** A negation right before the verb, with at most one word between ("never push", "do not send"). */
const NEGATED = /\b(?:never|not|don't|dont|no)\s+(?:([a-z]+)\s+)?$/iu;
/** Words that turn a negation into an order to act ("never fail to send", "don't forget to delete"). */
const REVERSING = /^(?:fail|forget|stop|hesitate|neglect|skip|miss|refuse|omit|wait|ask)$/iu;
/** How much text before a verb can hold its negation. */
const WINDOW = 32;

/** Every match of `verbs` in `text`, not only the first. */
function everyMatch(text: string, verbs: CaselessPattern): IterableIterator<RegExpExecArray> {
  const pattern = verbs.for(text);
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  return text.matchAll(new RegExp(pattern.source, flags));
}

/**
 * Whether every use of `verbs` in `text` is forbidden rather than ordered ("never push straight to
 * production", "do not delete the backups"): a standing rule that restricts what agents do.
 */
export function onlyForbids(text: string, verbs: CaselessPattern): boolean {
  let any = false;
  for (const match of everyMatch(text, verbs)) {
    any = true;
    const before = text.slice(Math.max(0, match.index - WINDOW), match.index);
    const negation = NEGATED.exec(before);
    if (negation === null) return false;
    if (negation[1] !== undefined && REVERSING.test(negation[1])) return false;
  }
  return any;
}

/** A negation that governs the act right before "without asking" ("delete nothing", "never push it"). */
const REQUIRES_THE_CHECK =
  /\b(?:never|don't|dont|do not|nothing|no one|nobody)\b(?:\s+[\w'-]+){0,4}\s*$/iu;
/** Where the clause that holds a phrase begins. */
const CLAUSE_START = /[.!?;:,\n][^.!?;:,\n]*$/u;

/**
 * The first phrase of `bypass` in `text` that really waives a check: "act without asking" does,
 * "delete nothing without asking me" asks for the check (the act it governs is negated).
 */
export function waivedCheck(text: string, bypass: CaselessPattern): string | undefined {
  for (const match of everyMatch(text, bypass)) {
    if (!/^without\b/iu.test(match[0])) return match[0];
    const before = text.slice(0, match.index);
    const clause = before.slice((CLAUSE_START.exec(before)?.index ?? -1) + 1);
    if (!REQUIRES_THE_CHECK.test(clause)) return match[0];
  }
  return undefined;
}

/** What a digest never needs to carry, named in any strength. */
const KEY_WORDS = /\b(?:keys?|tokens?|credentials?|passwords?|passphrases?|secrets?|cookies?)\b/iu;
/** Sending that goes to the user ("send me the summary", "e-mail us the report"). */
const TO_THE_USER = /^\s+(?:me|us|myself|the user)\b/iu;

/**
 * Whether every send in `text` is addressed to the user and it names no other address or link: a
 * standing request for the user's own digest ("always send me the weekly summary").
 */
export function onlySendsToUser(text: string, verbs: CaselessPattern): boolean {
  if (/@|https?:\/\//u.test(text) || KEY_WORDS.test(text)) return false;
  let any = false;
  for (const match of everyMatch(text, verbs)) {
    any = true;
    if (!TO_THE_USER.test(text.slice(match.index + match[0].length))) return false;
  }
  return any;
}
