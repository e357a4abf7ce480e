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
 * One tool call redacts the same short texts several times (its arguments for the event and the
 * audit row, its paths in each payload copy): recent answers are kept, up to this many and this long.
 */
const CACHED_ANSWERS = 256;
const CACHED_MAX_CHARS = 4096;

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

  const recent = new Map<string, string>();
  const redact = (text: string): string => {
    if (text.length > CACHED_MAX_CHARS) return replaceSpans(text, findSecrets(text));
    const known = recent.get(text);
    if (known !== undefined) return known;
    const redacted = replaceSpans(text, findSecrets(text));
    if (recent.size >= CACHED_ANSWERS) recent.delete(recent.keys().next().value as string);
    recent.set(text, redacted);
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
