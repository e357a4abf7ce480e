import { secretValueIn } from './secrets.js';

/**
 * Values templates and examples put where a secret goes (`changeme`, `your-api-key-here`,
 * `<password>`, `${DB_PASSWORD}`, `xxxx`): nothing accepts them as a credential.
 */
const PLACEHOLDER =
  /^(?:["']?)(?:change[-_]?me\w*|passw(?:or)?d\d{0,3}|secret|s3cret|example[\w-]*|[\w-]*your[-_][\w-]*|[\w-]*[-_]here|x{3,}|\*{3,}|\.{3}|<[^>]*>|\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*|\{\{[^}]*\}\}|todo|tbd|replace[-_]?\w*|dummy|placeholder|sample|test(?:ing)?|none|null|empty|redacted|0{4,})(?:["']?)$/iu;

/** `KEY=value`, `key: value`, `"key": "value"`: the value of each credential-named setting. */
const ASSIGNMENT =
  /\b(api[_-]?key|secret(?:[_-]?key)?|access[_-]?token|auth[_-]?token|password|passwd|client[_-]?secret|\w*_(?:KEY|TOKEN|SECRET|PASSWORD))(["']?\s*[=:]\s*)(\S+)/giu;
/** The password in `scheme://user:password@host`. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s:/@]+)(@)/giu;

/**
 * Whether the text holds a credential value once its placeholders are set aside (each becomes
 * `-`, which no credential pattern takes for a value): a template
 * (`.env.example`, a sample config) is not a secret, a real key in it still is.
 */
export function realSecretIn(text: string): string | undefined {
  if (secretValueIn(text) === undefined) return undefined;
  const stripped = text
    .replace(ASSIGNMENT, (all, key: string, sep: string, value: string) =>
      PLACEHOLDER.test(value.replace(/[,;]$/u, '')) ? `${key}${sep}-` : all,
    )
    .replace(URL_PASSWORD, (all, head: string, password: string, at: string) =>
      PLACEHOLDER.test(password) ? `${head}-${at}` : all,
    );
  return secretValueIn(stripped);
}
