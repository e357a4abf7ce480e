import { caseless } from '../../../caseless.js';

type Matcher = { test(text: string): boolean };

/** Labelled patterns, tried in order. */
export type PatternEntries = readonly (readonly [RegExp, string])[];

export interface PatternTable {
  /** The label of the first pattern that matches `text`. */
  first(text: string): string | undefined;
  /** Whether any pattern matches `text`. */
  any(text: string): boolean;
}

const fast = (pattern: RegExp): Matcher =>
  pattern.flags.includes('i') ? caseless(pattern) : pattern;
/** Group references would point at the wrong group once the sources are joined. */
const GROUP_REFERENCE = /\\[1-9]|\\k<|\(\?<[A-Za-z_$]/u;

/**
 * A table with one combined pattern in front: most texts match none of the patterns and find that
 * out in one scan instead of one per pattern. The combined pattern carries every entry's `i`,
 * `m` and `s` flags, so it matches wherever any entry does (and perhaps more); only then are the
 * entries tried one by one, in order.
 */
export function patternTable(entries: PatternEntries): PatternTable {
  for (const [pattern] of entries) {
    if (
      !pattern.unicode ||
      GROUP_REFERENCE.test(pattern.source) ||
      pattern.global ||
      pattern.sticky
    )
      throw new Error(`pattern cannot join a table: ${pattern}`);
  }
  const flags = ['i', 'm', 's']
    .filter((flag) => entries.some(([pattern]) => pattern.flags.includes(flag)))
    .join('');
  const union = fast(
    new RegExp(entries.map(([pattern]) => `(?:${pattern.source})`).join('|'), `${flags}u`),
  );
  const tests = entries.map(([pattern, label]) => [fast(pattern), label] as const);
  const first = (text: string): string | undefined => {
    if (!union.test(text)) return undefined;
    for (const [pattern, label] of tests) if (pattern.test(text)) return label;
    return undefined;
  };
  return { first, any: (text) => first(text) !== undefined };
}
