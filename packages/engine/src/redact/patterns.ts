/** What replaces a secret everywhere (results, events, logs, audit). */
export const REDACTED = '[REDACTED]';

/** One detected secret in a text. */
export interface SecretSpan {
  /** The characters to replace. */
  readonly start: number;
  readonly end: number;
  /** The whole match the secret was found by (a key name before its value): a stream never cuts inside it. */
  readonly contextStart: number;
  readonly contextEnd: number;
}

export interface SecretPattern {
  readonly id: string;
  /** Global regex with indices (`d`). */
  readonly regex: RegExp;
  /** The capture group holding the secret (the rest is kept, e.g. a key name); the whole match if absent. */
  readonly group?: number;
}

const KEY_NAMES =
  'password|passwd|pwd|passphrase|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|aws_secret_access_key';

/**
 * Shapes secretlint's preset does not cover, or covers only in their newest exact form (an older
 * or shortened key must not slip through): they are matched wherever they appear.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { id: 'private-key-block', regex: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/dg },
  { id: 'openai-key', regex: /\bsk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}/dg },
  { id: 'stripe-key', regex: /\b(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,247}/dg },
  { id: 'github-token', regex: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/dg },
  { id: 'aws-access-key', regex: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b/dg },
  { id: 'slack-token', regex: /\bxox[abposre]-[A-Za-z0-9-]{10,}/dg },
  { id: 'google-api-key', regex: /\bAIza[0-9A-Za-z_-]{35}/dg },
  { id: 'jwt', regex: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/dg },
  { id: 'bearer', regex: /\b(Bearer|Basic)\s+([A-Za-z0-9._~+/=-]{8,})/dg, group: 2 },
  {
    id: 'key-value',
    regex: new RegExp(`\\b(${KEY_NAMES})(["']?\\s*[=:]\\s*)("[^"\\n]*"|'[^'\\n]*'|[^\\s"',;&]+)`, 'dgi'),
    group: 3,
  },
];

/** Every span of `pattern` in `text`. */
export function patternSpans(pattern: SecretPattern, text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const match of globalMatches(pattern.regex, text)) {
    const whole: [number, number] = [match.index, match.index + match[0].length];
    const [start, end] = (pattern.group !== undefined ? match.indices?.[pattern.group] : undefined) ?? whole;
    if (end > start) spans.push({ start, end, contextStart: whole[0], contextEnd: whole[1] });
  }
  return spans;
}

/**
 * The matches `text.matchAll(regex)` yields, without the copy of the regex matchAll makes on each
 * call: a streamed answer is scanned once per chunk, and those copies were a large share of what
 * the engine allocated per turn. `regex` must be global; it is left with lastIndex 0.
 */
export function globalMatches(regex: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    matches.push(match);
    // As matchAll does: an empty match moves on by one character (one code point with `u`/`v`).
    if (match[0] === '') regex.lastIndex = nextIndex(text, regex.lastIndex, regex.unicode || regex.flags.includes('v'));
  }
  regex.lastIndex = 0;
  return matches;
}

function nextIndex(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1;
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff ? index + 2 : index + 1;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
