import { rules } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretSpan } from './patterns.js';

/** The part of secretlint's rule API its text scanners use; all of them report synchronously. */
interface ScannerRule {
  readonly meta: { readonly id: string; readonly type?: string };
  create(
    context: { createTranslator(messages: unknown): (id: string) => string; report(descriptor: { readonly range: readonly [number, number] }): void; ignore(): void },
    options: Record<string, never>,
  ): { file?(source: { content: string; filePath: string; ext: string; contentType: 'text' }): unknown };
}

/**
 * filter-comments: a comment directive switches detection off, and text the model controls must not
 * be able to. aws: it reports the range of the key name rather than of the value; the key-value
 * pattern and the bare-key entropy check find AWS secrets instead.
 */
const EXCLUDED_RULES = new Set(['@secretlint/secretlint-rule-filter-comments', '@secretlint/secretlint-rule-aws']);

/** Where the handlers report to; set for the duration of one synchronous scan. */
let collected: SecretSpan[] = [];

const CONTEXT = {
  createTranslator: () => (id: string) => id,
  report: ({ range }: { readonly range: readonly [number, number] }) => {
    const [start, end] = range;
    if (end > start) collected.push({ start, end, contextStart: start, contextEnd: end });
  },
  ignore: () => undefined,
};

/** Created once: a rule's handler keeps no state between files. */
const HANDLERS = (rules as unknown as readonly ScannerRule[])
  .filter((rule) => rule.meta.type === 'scanner' && !EXCLUDED_RULES.has(rule.meta.id))
  .map((rule) => rule.create(CONTEXT, {}));

/**
 * The secrets secretlint's recommended preset (MIT, maintained rules for dozens of providers:
 * GitHub, GitLab, Slack, npm, OpenAI, Anthropic, Hugging Face, database URLs, basic auth, …) finds.
 */
export function secretlintSpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  collected = spans;
  const source = { content: text, filePath: 'text.txt', ext: '.txt', contentType: 'text' as const };
  try {
    for (const handler of HANDLERS) {
      const pending = handler.file?.(source);
      // Only binary sources take an asynchronous path; a late rejection must not bring the engine down.
      if (pending instanceof Promise) pending.catch(() => undefined);
    }
  } finally {
    collected = [];
  }
  return spans;
}
