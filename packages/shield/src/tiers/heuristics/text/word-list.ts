/**
 * A word list item: a phrase matched as written, or a pattern for a word's forms
 * (`/instructions?/u`) or a phrase's shape (`/from\s+now\s+on/u`).
 */
export type Alternative = string | RegExp;

/** `text` with every regex syntax character escaped, so a pattern matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * Regex source for "any of these", in list order (the first alternative that fits is the match):
 * phrases escaped, patterns kept as written, joined by `|`. No group is added: the caller writes
 * `(?:…)` where the alternation meets other syntax.
 */
export function alternation(...lists: readonly (readonly Alternative[])[]): string {
  return lists
    .flat()
    .map((item) => (typeof item === 'string' ? escapeRegExp(item) : item.source))
    .join('|');
}
