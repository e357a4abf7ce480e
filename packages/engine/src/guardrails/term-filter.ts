export const WITHHELD = '[withheld]';

export interface TermFilter {
  /** The text with every forbidden term (any case) replaced by [withheld]. */
  apply(text: string): string;
  /** A filter for text that arrives in chunks: a term split across two chunks is still caught. */
  stream(): { push(chunk: string): string; flush(): string };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Filters configured forbidden terms out of what the model says (guardrails.forbidden_terms). */
export function createTermFilter(terms: readonly string[]): TermFilter {
  const wanted = [...new Set(terms.map((term) => term.trim()).filter((term) => term !== ''))].sort((a, b) => b.length - a.length);
  const pattern = wanted.length > 0 ? new RegExp(wanted.map(escapeRegExp).join('|'), 'giu') : undefined;
  const lowered = wanted.map((term) => term.toLowerCase());
  const apply = (text: string): string => (pattern ? text.replace(pattern, WITHHELD) : text);

  /** Length of the longest end of `text` that could begin a term: held back until the next chunk. */
  const pendingTail = (text: string): number => {
    const lower = text.toLowerCase();
    const longest = Math.min(lower.length, Math.max(0, ...lowered.map((term) => term.length - 1)));
    for (let size = longest; size > 0; size -= 1) {
      const tail = lower.slice(lower.length - size);
      if (lowered.some((term) => term.startsWith(tail))) return size;
    }
    return 0;
  };

  return {
    apply,
    stream() {
      let held = '';
      return {
        push(chunk) {
          if (!pattern) return chunk;
          const filtered = apply(held + chunk);
          const keep = pendingTail(filtered);
          held = filtered.slice(filtered.length - keep);
          return filtered.slice(0, filtered.length - keep);
        },
        flush() {
          const rest = apply(held);
          held = '';
          return rest;
        },
      };
    },
  };
}
