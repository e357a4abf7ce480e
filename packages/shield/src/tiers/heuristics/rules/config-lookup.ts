import type { SimpleCommand } from '../shell/model.js';
import { alternation } from '../text/word-list.js';

/** grep and its kin print only the lines that hold their pattern. */
const MATCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'zgrep']);
/** Options that change how lines match or how they are labelled, never how many lines print. */
const PLAIN_LONG_OPTIONS = [
  'ignore-case',
  'line-number',
  'word-regexp',
  'count',
  'with-filename',
  'no-filename',
  'fixed-strings',
  'only-matching',
  'recursive',
];
const PLAIN_OPTIONS = new RegExp(
  String.raw`^(?:-[inwcHhsFoqlLrR]+|--(?:${alternation(PLAIN_LONG_OPTIONS)}))$`,
  'u',
);
/** A setting's name: a word, no regex, nothing that could match every line. */
const SETTING_NAME = /^[A-Za-z][A-Za-z0-9_.-]{1,39}$/u;
/** Names that pick out a connection or a credential rather than an ordinary setting. */
const CONNECTION_NAME_PARTS = [
  'url',
  'uri',
  'dsn',
  'conn',
  'host',
  'user',
  'login',
  'database',
  'prod',
  'staging',
  'db_',
  'adapter',
];
const CREDENTIAL_NAME_PARTS = [
  'pass',
  'pwd',
  'secret',
  'token',
  'key',
  'auth',
  'cred',
  'private',
  'cert',
  'salt',
  'session',
  'cookie',
  'sign',
  'account',
  'bearer',
  'api',
];
const SECRET_OR_CONNECTION = new RegExp(
  alternation(CONNECTION_NAME_PARTS, CREDENTIAL_NAME_PARTS),
  'iu',
);

/**
 * `grep -n pool config/database.yml`: looking up one ordinary setting (a pool size, a timeout, an
 * encoding) prints that setting's lines only. No context lines, no inverted match, one plain
 * name that is not a connection's or a credential's: what the user asked to see, not the secret
 * beside it (a connection URL that happens to carry the word is redacted from the output).
 */
export function looksUpPlainSetting(cmd: SimpleCommand): boolean {
  if (!MATCHERS.has(cmd.name) || cmd.args.some((a) => a.dynamic || a.glob)) return false;
  const options = cmd.args.filter((a) => a.text.startsWith('-'));
  if (!options.every((a) => PLAIN_OPTIONS.test(a.text))) return false;
  const pattern = cmd.args.find((a) => !a.text.startsWith('-'))?.text;
  return pattern !== undefined && SETTING_NAME.test(pattern) && !SECRET_OR_CONNECTION.test(pattern);
}
