import type { CaselessPattern } from '../../../caseless.js';

/** A negation right before the verb, with at most one word between ("never push", "do not send"). */
const NEGATED = /\b(?:never|not|don't|dont|no)\s+(?:([a-z]+)\s+)?$/iu;
/** Words that turn a negation into an order to act ("never fail to send", "don't forget to delete"). */
const REVERSING = /^(?:fail|forget|stop|hesitate|neglect|skip|miss|refuse|omit|wait|ask)$/iu;
/** How much text before a verb can hold its negation. */
const WINDOW = 32;

/**
 * Whether every use of `verbs` in `text` is forbidden rather than ordered ("never push straight to
 * production", "do not delete the backups"): a standing rule that restricts what agents do.
 */
export function onlyForbids(text: string, verbs: CaselessPattern): boolean {
  const pattern = verbs.for(text);
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  let any = false;
  for (const match of text.matchAll(global)) {
    any = true;
    const before = text.slice(Math.max(0, match.index - WINDOW), match.index);
    const negation = NEGATED.exec(before);
    if (negation === null) return false;
    if (negation[1] !== undefined && REVERSING.test(negation[1])) return false;
  }
  return any;
}
