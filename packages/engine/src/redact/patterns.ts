/** What replaces a secret everywhere (results, events, logs, audit). */
export const REDACTED = '[REDACTED]';

export interface SecretPattern {
  readonly id: string;
  /** Global regex. */
  readonly regex: RegExp;
  /** The replacement; `$1`… keep a non-secret prefix such as the key name. */
  readonly replacement: string;
}

const KEY_NAMES =
  'password|passwd|pwd|passphrase|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|aws_secret_access_key';

/** Credential shapes that are secrets wherever they appear. */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    id: 'private-key-block',
    regex: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/g,
    replacement: REDACTED,
  },
  { id: 'openai-key', regex: /\bsk-(?:proj-|ant-|svcacct-)?[A-Za-z0-9_-]{16,}/g, replacement: REDACTED },
  { id: 'github-token', regex: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, replacement: REDACTED },
  { id: 'aws-access-key', regex: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, replacement: REDACTED },
  { id: 'slack-token', regex: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, replacement: REDACTED },
  { id: 'google-api-key', regex: /\bAIza[0-9A-Za-z_-]{35}/g, replacement: REDACTED },
  { id: 'jwt', regex: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, replacement: REDACTED },
  { id: 'bearer', regex: /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, replacement: `$1 ${REDACTED}` },
  {
    id: 'key-value',
    regex: new RegExp(`\\b(${KEY_NAMES})(["']?\\s*[=:]\\s*)("[^"\\n]*"|'[^'\\n]*'|[^\\s"',;&]+)`, 'gi'),
    replacement: `$1$2${REDACTED}`,
  },
];

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
