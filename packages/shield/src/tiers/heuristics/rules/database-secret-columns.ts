import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import type { Judge } from '../judge.js';

/**
 * A database keeps its users' credentials beside their records: password hashes, reset and session
 * tokens, API keys, one-time-password seeds. A query that selects those columns (or every column of
 * a table of them) prints secrets, as a credential store's `get` does; counting or filtering by
 * them (`where password_hash is null`) prints none.
 */
export const DATABASE_SECRET_RULES = {
  databaseCredentials: defineRule(
    'secrets.database_credentials',
    'block',
    'prints credentials a database stores (password hashes, tokens, keys)',
  ),
  credentialOverwrite: defineRule(
    'secrets.database_credential_write',
    'escalate',
    "sets an account's password, token or key directly in the database",
  ),
  adminCredentialOverwrite: defineRule(
    'secrets.database_admin_credential_write',
    'block',
    "sets an administrator's password, token or key directly in the database: whoever chose it signs in as them",
  ),
};

const QUERY_CLIENTS = new Set([
  'psql',
  'mysql',
  'mariadb',
  'sqlite3',
  'sqlcmd',
  'clickhouse-client',
  'cqlsh',
  'duckdb',
]);
/**
 * A column named for a credential: `password_hash`, `reset_token`, `users.api_key`, `totp_seed`.
 * Columns about one (`password_changed_at`, `tokens_used`, `token_type`) go on past the word.
 */
const SECRET_COLUMN =
  /(?<![\p{L}\p{N}])[\w.]*?(?:passw(?:or)?d|passwd|secret|token|api_?key|private_?key|(?:otp|totp|mfa)_?(?:seed|secret)|salt)(?:_?(?:hash|hashed|digest|enc|encrypted|value|ciphertext))?(?![\p{L}\p{N}_])/iu;
/** A table of credentials, whose every column is one. */
const SECRET_TABLE =
  /^[\w."`[\]]*(?:passwords?|secrets?|tokens?|api_?keys?|credentials?|sessions?)["`\]]?$/iu;
const SELECT_LIST = /\bSELECT\s+([\s\S]*?)\s+FROM\s+([\w."`[\]]+)/giu;

/** `UPDATE users SET password = …, … WHERE …`: the columns set, and the condition. */
const UPDATE_SET = /\bUPDATE\s+[\w."`[\]]+\s+SET\s+([\s\S]*?)(?:\bWHERE\b([\s\S]*?))?(?:;|$)/giu;
/** A condition that picks out an administrator account. */
const ADMIN_ACCOUNT =
  /\b(?:admin|administrator|root|superuser|super_?admin|owner)\b|\bis_(?:admin|superuser|staff)\s*=\s*(?:1|true)\b/iu;

export function judgeDatabaseSecretColumns(cmd: SimpleCommand, judge: Judge): void {
  if (!QUERY_CLIENTS.has(cmd.name)) return;
  for (const arg of cmd.args) {
    for (const [, assignments = '', condition = ''] of arg.text.matchAll(UPDATE_SET)) {
      const columns = assignments.split(',').map((part) => part.split('=')[0] ?? '');
      if (!columns.some((column) => SECRET_COLUMN.test(column))) continue;
      judge.findings.add(
        ADMIN_ACCOUNT.test(condition)
          ? DATABASE_SECRET_RULES.adminCredentialOverwrite
          : DATABASE_SECRET_RULES.credentialOverwrite,
        arg.text,
      );
    }
    for (const [, columns = '', table = ''] of arg.text.matchAll(SELECT_LIST)) {
      // A count or an existence check selects a function of the column, never its value.
      const shown = columns.replace(/\b(?:count|exists|length|octet_length)\s*\([^)]*\)/giu, '');
      if (SECRET_COLUMN.test(shown) || (/^\s*\*\s*$/u.test(shown) && SECRET_TABLE.test(table)))
        return judge.findings.add(DATABASE_SECRET_RULES.databaseCredentials, arg.text);
    }
  }
}
