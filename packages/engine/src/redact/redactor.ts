import { REDACTED, SECRET_PATTERNS, escapeRegExp, type SecretPattern } from './patterns.js';
import { createStreamRedactor, type StreamRedactor } from './stream.js';

export interface Redactor {
  /** The text with every known secret shape and every configured secret value replaced. */
  redact(text: string): string;
  /** Deep copy of a JSON-like value with every string redacted. */
  redactValue<T>(value: T): T;
  /** A redactor for text that arrives in chunks (secrets may be split across them). */
  stream(): StreamRedactor;
  /** Every pattern in force, including the exact configured secrets. */
  readonly patterns: readonly SecretPattern[];
  /** The exact secret values (for holding back their prefixes while streaming). */
  readonly secrets: readonly string[];
}

/** Shorter values would redact ordinary words; a real key is never this short. */
const MIN_SECRET_LENGTH = 6;

export function createRedactor(options: { readonly secrets?: readonly (string | undefined)[] } = {}): Redactor {
  const secrets = [...new Set(options.secrets ?? [])]
    .filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  const patterns: SecretPattern[] = [
    ...secrets.map((secret, i) => ({ id: `configured-${i}`, regex: new RegExp(escapeRegExp(secret), 'g'), replacement: REDACTED })),
    ...SECRET_PATTERNS,
  ];

  const redact = (text: string): string => {
    let out = text;
    for (const pattern of patterns) {
      pattern.regex.lastIndex = 0;
      out = out.replace(pattern.regex, pattern.replacement);
    }
    return out;
  };

  const redactValue = <T>(value: T): T => deepRedact(value, redact) as T;

  const redactor: Redactor = {
    redact,
    redactValue,
    stream: () => createStreamRedactor(redactor),
    patterns,
    secrets,
  };
  return redactor;
}

function deepRedact(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => deepRedact(item, redact));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepRedact(item, redact)]));
  }
  return value;
}
