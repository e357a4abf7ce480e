import { entropySpans } from './entropy.js';
import { REDACTED, SECRET_PATTERNS, escapeRegExp, patternSpans, type SecretPattern, type SecretSpan } from './patterns.js';
import { secretlintSpans } from './secretlint-rules.js';
import { createStreamRedactor, type StreamRedactor } from './stream.js';

export interface Redactor {
  /** The text with every detected secret and every configured secret value replaced. */
  redact(text: string): string;
  /** Deep copy of a JSON-like value with every string redacted. */
  redactValue<T>(value: T): T;
  /** Where the secrets in `text` are (unordered, may overlap). */
  findSecrets(text: string): SecretSpan[];
  /** A redactor for text that arrives in chunks (secrets may be split across them). */
  stream(): StreamRedactor;
  /** The exact secret values (for holding back their prefixes while streaming). */
  readonly secrets: readonly string[];
}

/** Shorter values would redact ordinary words; a real key is never this short. */
const MIN_SECRET_LENGTH = 6;
/**
 * Recent answers are kept: one tool call redacts the same short texts several times (its arguments
 * for the event and the audit row, its paths in each payload copy), and every model request of a
 * session carries its whole history again, long tool results included. Least recently used texts
 * go first once the kept texts pass CACHED_CHARS.
 */
const CACHED_CHARS = 4 * 1024 * 1024;
/**
 * V8 hashes a string longer than this by its length only, so such texts are kept under their
 * length and ends (LONG_KEY_CHARS from each) and matched in full before an answer is reused.
 */
const CACHED_MAX_HASHED_CHARS = 16_383;
const LONG_KEY_CHARS = 256;

function cacheKey(text: string): string {
  if (text.length <= CACHED_MAX_HASHED_CHARS) return text;
  return `${text.length}\u0000${text.slice(0, LONG_KEY_CHARS)}\u0000${text.slice(-LONG_KEY_CHARS)}`;
}

/**
 * Secrets are found by three detectors, united: secretlint's recommended rules, the shapes in
 * SECRET_PATTERNS (plus the configured values), and the randomness checks in entropy.ts.
 */
export function createRedactor(options: { readonly secrets?: readonly (string | undefined)[] } = {}): Redactor {
  const secrets = [...new Set(options.secrets ?? [])]
    .filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  const patterns: SecretPattern[] = [
    ...secrets.map((secret, i) => ({ id: `configured-${i}`, regex: new RegExp(escapeRegExp(secret), 'dg') })),
    ...SECRET_PATTERNS,
  ];

  const findSecrets = (text: string): SecretSpan[] => [
    ...patterns.flatMap((pattern) => patternSpans(pattern, text)),
    ...secretlintSpans(text),
    ...entropySpans(text),
  ];

  // Each key keeps the text it was made from: a long text's key is only its length and ends.
  const recent = new Map<string, { readonly text: string; readonly redacted: string }>();
  let cachedChars = 0;
  const redact = (text: string): string => {
    const key = cacheKey(text);
    const known = recent.get(key);
    if (known !== undefined && known.text === text) {
      recent.delete(key);
      recent.set(key, known);
      return known.redacted;
    }
    const redacted = replaceSpans(text, findSecrets(text));
    if (known !== undefined) cachedChars -= known.text.length;
    recent.delete(key);
    recent.set(key, { text, redacted });
    cachedChars += text.length;
    for (const [oldestKey, oldest] of recent) {
      if (cachedChars <= CACHED_CHARS) break;
      recent.delete(oldestKey);
      cachedChars -= oldest.text.length;
    }
    return redacted;
  };

  const redactValue = <T>(value: T): T => deepRedact(value, redact) as T;

  const redactor: Redactor = {
    redact,
    redactValue,
    findSecrets,
    stream: () => createStreamRedactor(redactor),
    secrets,
  };
  return redactor;
}

/** Overlapping or touching spans become one REDACTED. */
function replaceSpans(text: string, spans: readonly SecretSpan[]): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  let open: { start: number; end: number } | undefined;
  for (const span of sorted) {
    if (open && span.start <= open.end) {
      open.end = Math.max(open.end, span.end);
      continue;
    }
    if (open) {
      out += text.slice(at, open.start) + REDACTED;
      at = open.end;
    }
    open = { start: span.start, end: span.end };
  }
  if (open) {
    out += text.slice(at, open.start) + REDACTED;
    at = open.end;
  }
  return out + text.slice(at);
}

function deepRedact(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => deepRedact(item, redact));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepRedact(item, redact)]));
  }
  return value;
}
