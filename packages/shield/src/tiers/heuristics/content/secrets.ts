import { caseless } from '../../../caseless.js';
import { patternTable } from '../text/pattern-table.js';
import { alternation } from '../text/word-list.js';

/**
 * Secret material in text: actual credential values (key formats with a recognisable shape) and
 * words that name secret material ("SSH private key", "API keys", "credentials"). Outbound text
 * that names key material is treated as carrying it: the heuristics cannot see the real bytes.
 */
/** Setting names whose value is a credential (`api_key=…`, `password: …`). */
export const CREDENTIAL_SETTINGS = [
  /api[_-]?key/u,
  /secret(?:[_-]?key)?/u,
  /access[_-]?token/u,
  /auth[_-]?token/u,
  'password',
  'passwd',
  /client[_-]?secret/u,
];
const SECRET_VALUES = patternTable([
  [/-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/u, 'a private key block'],
  // AWS's documentation key ids end in EXAMPLE: fixtures and docs quote them, nothing accepts them.
  [/\b(?:AKIA|ASIA|AGPA|AIDA|AROA)(?![0-9A-Z]{9}EXAMPLE\b)[0-9A-Z]{16}\b/u, 'an AWS access key id'],
  [/\baws_secret_access_key\s*[=:]\s*\S{20,}/iu, 'an AWS secret key'],
  [/\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bgithub_pat_[A-Za-z0-9_]{40,}\b/u, 'a GitHub token'],
  [/\bglpat-[A-Za-z0-9_-]{20,}\b/u, 'a GitLab token'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}\b/u, 'a Slack token'],
  [/\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}\b/u, 'an API secret key'],
  [/\b(?:sk|rk)_live_[A-Za-z0-9]{16,}\b/u, 'a Stripe key'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/u, 'a Google API key'],
  [/\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/u, 'a JSON web token'],
  [/\bnpm_[A-Za-z0-9]{36}\b/u, 'an npm token'],
  // The chat platforms' bot tokens and webhook addresses (shapes from gitleaks' rule set).
  [/\b[MNO][A-Za-z\d]{23,25}\.[\w-]{6}\.[\w-]{27,38}\b/u, 'a Discord bot token'],
  [/\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/u, 'a Telegram bot token'],
  [/\bhooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9+/]{43,46}/u, 'a Slack webhook address'],
  [/\bdiscord(?:app)?\.com\/api\/webhooks\/\d+\/[\w-]{60,}/u, 'a Discord webhook address'],
  [/"type"\s*:\s*"service_account"/u, 'a service-account key'],
  [
    new RegExp(
      // Also as a JSON or YAML key: `"password": "…"`.
      String.raw`\b(?:${alternation(CREDENTIAL_SETTINGS)})["']?\s*[=:]\s*["']?[^\s"'<>]{8,}`,
      'iu',
    ),
    'a credential assignment',
  ],
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:[^\s:/@]{4,}@/iu, 'a URL with an embedded password'],
  // A card number with its security code is enough to pay with: a credential, not only personal data.
  [
    /\b[2-6]\d{3}(?:[ -]?\d{4}){3}\b[^\n]{0,40}?\b(?:CVC|CVV2?|CID|CSC|security code)\b\W{0,3}\d{3,4}\b/iu,
    'a payment card with its security code',
  ],
  // Twelve to twenty-four words given as a seed or recovery phrase (`seed: …`, `… is …`) restore a wallet.
  [
    /\b(?:seed(?:[ _-]?phrase)?|mnemonic|(?:secret[ _-])?recovery[ _-]phrase|backup[ _-]phrase)\b["']?\s*(?:[=:]|\bis\b)\s*["']?(?:[a-z]{3,8}[ ,]+){11,23}[a-z]{3,8}\b/iu,
    'a wallet recovery phrase',
  ],
]);

/** What a key is for: "private key", "deploy keys", "service account key". */
const KEY_KINDS = [
  'private',
  'secret',
  'api',
  'access',
  'ssh',
  'gpg',
  'pgp',
  'tls',
  'ssl',
  'encryption',
  'master',
  'signing',
  'deploy',
  /service[\s_-]?account/u,
  'root',
];
/** What a token is for: "bearer token", "refresh tokens". */
const TOKEN_KINDS = [
  'access',
  /auth(?:entication)?/u,
  'bearer',
  'refresh',
  'session',
  'oauth',
  'cluster',
];
/** Other phrases for key material: wallets, password stores, cluster configuration, key files. */
const OTHER_KEY_MATERIAL = [
  /session[\s_-]?cookies?/u,
  /kube[\s_-]?config/u,
  /seed[\s_-]?phrases?/u,
  'mnemonic',
  /wallet[\s_-]?(?:keys?|files?)/u,
  /password[\s_-]?(?:hash(?:es)?|files?|vault|database|store)/u,
  'keychain',
  /secret[\s_-]?values?/u,
  /shadow[\s_-]?file/u,
  /id_(?:rsa|ed25519|ecdsa|dsa)\b/u,
];
const NAMED_KEYS = String.raw`(?:${alternation(KEY_KINDS)})[\s_-]?keys?`;
const NAMED_TOKENS = String.raw`api[\s_-]?(?:tokens?|secrets?)|(?:${alternation(TOKEN_KINDS)})[\s_-]?tokens?`;
/** Phrases that name key material: outbound text naming them is treated as carrying them. */
const KEY_MATERIAL = caseless(
  new RegExp(
    String.raw`\b(?:${NAMED_KEYS}|${NAMED_TOKENS}|${alternation(OTHER_KEY_MATERIAL)})`,
    'iu',
  ),
);

/** Nouns for secrets in general: they appear in ordinary talk too, so alone they only raise a question. */
const SECRET_NOUN_WORDS = [
  /credentials?/u,
  /secrets?/u,
  /passwords?/u,
  'passwd',
  /passphrases?/u,
  /tokens?/u,
  /cookies?/u,
  /environment[\s_-]?variables/u,
  /env[\s_-]?vars?/u,
];
const SECRET_NOUNS = caseless(
  new RegExp(String.raw`\b(?:${alternation(SECRET_NOUN_WORDS)})\b`, 'iu'),
);
const ANY_SECRET_NAME = caseless(
  new RegExp(`${KEY_MATERIAL.unicode.source}|${SECRET_NOUNS.unicode.source}`, 'giu'),
);

let lastText: string | undefined;
let lastValue: string | undefined;

/** What credential value `text` holds. The last answer is kept: a written text is read by several rules in turn. */
export function secretValueIn(text: string): string | undefined {
  if (text !== lastText) {
    lastValue = SECRET_VALUES.first(text);
    lastText = text;
  }
  return lastValue;
}

/** `strong`: names key material; `weak`: names secrets in general. */
export function namesSecretMaterial(text: string): 'strong' | 'weak' | undefined {
  if (KEY_MATERIAL.test(text)) return 'strong';
  return SECRET_NOUNS.test(text) ? 'weak' : undefined;
}

export function keyMaterialPhrase(text: string): string | undefined {
  return KEY_MATERIAL.exec(text)?.[0];
}

/** Every place the text names secrets (key material or secrets in general), with its position. */
export function secretNames(text: string): { readonly phrase: string; readonly index: number }[] {
  return [...text.matchAll(ANY_SECRET_NAME.for(text))].map((m) => ({
    phrase: m[0],
    index: m.index,
  }));
}

/** Parts of environment variable names that conventionally hold secrets (`GITHUB_TOKEN`, `DB_PASS`). */
const SECRET_VARIABLE_PARTS = [
  /API_?KEY/u,
  /ACCESS_?KEY/u,
  'SECRET',
  'TOKEN',
  'PASSWORD',
  'PASSWD',
  'PASS',
  'PASSPHRASE',
  /CREDENTIALS?/u,
  /PRIVATE_?KEY/u,
  'AUTH',
  'COOKIE',
  'SESSION',
  'DSN',
  /CONNECTION_?STRING/u,
  'DATABASE_URL',
  'KEY',
];
const SECRET_VARIABLE = caseless(
  new RegExp(String.raw`(?:^|_)(?:${alternation(SECRET_VARIABLE_PARTS)})(?:_|$)`, 'iu'),
);
const NOT_SECRET_VARIABLE = /^(?:PWD|OLDPWD|KEYTIMEOUT|TOKENIZERS_PARALLELISM|SSH_AUTH_SOCK)$/u;

export function isSecretVariable(name: string): boolean {
  return SECRET_VARIABLE.test(name) && !NOT_SECRET_VARIABLE.test(name);
}
