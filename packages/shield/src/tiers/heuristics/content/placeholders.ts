import { alternation } from '../text/word-list.js';
import { CREDENTIAL_SETTINGS, secretValueIn } from './secrets.js';

/**
 * Values templates and examples put where a secret goes (`changeme`, `your-api-key-here`,
 * `<password>`, `${DB_PASSWORD}`, `xxxx`): nothing accepts them as a credential.
 */
const PLACEHOLDER_WORDS = [
  /change[-_]?me\w*/u,
  /passw(?:or)?d\d{0,3}/u,
  'secret',
  's3cret',
  /example[\w-]*/u,
  /[\w-]*your[-_][\w-]*/u,
  /[\w-]*[-_]here/u,
];
/** Filler and template syntax: `xxx`, `***`, `...`, `<name>`, `${VAR}`, `$VAR`, `{{var}}`. */
const PLACEHOLDER_SHAPES = [
  /x{3,}/u,
  /\*{3,}/u,
  /\.{3}/u,
  /<[^>]*>/u,
  /\$\{[^}]*\}/u,
  /\$[A-Z_][A-Z0-9_]*/u,
  /\{\{[^}]*\}\}/u,
];
/** Words that say "nothing real here yet". */
const PLACEHOLDER_NOTES = [
  'todo',
  'tbd',
  /replace[-_]?\w*/u,
  'dummy',
  'placeholder',
  'sample',
  /test(?:ing)?/u,
  'none',
  'null',
  'empty',
  'redacted',
  /0{4,}/u,
];
const PLACEHOLDER = new RegExp(
  String.raw`^(?:["']?)(?:${alternation(PLACEHOLDER_WORDS, PLACEHOLDER_SHAPES, PLACEHOLDER_NOTES)})(?:["']?)$`,
  'iu',
);

/** `KEY=value`, `key: value`, `"key": "value"`: the value of each credential-named setting. */
const CREDENTIAL_SETTING_NAMES = [...CREDENTIAL_SETTINGS, /\w*_(?:KEY|TOKEN|SECRET|PASSWORD)/u];
const ASSIGNMENT = new RegExp(
  String.raw`\b(${alternation(CREDENTIAL_SETTING_NAMES)})(["']?\s*[=:]\s*)(\S+)`,
  'giu',
);
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
