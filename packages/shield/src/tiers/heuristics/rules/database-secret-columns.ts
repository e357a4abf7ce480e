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

export function judgeDatabaseSecretColumns(cmd: SimpleCommand, judge: Judge): void {
  if (!QUERY_CLIENTS.has(cmd.name)) return;
  for (const arg of cmd.args) {
    for (const [, columns = '', table = ''] of arg.text.matchAll(SELECT_LIST)) {
      // A count or an existence check selects a function of the column, never its value.
      const shown = columns.replace(/\b(?:count|exists|length|octet_length)\s*\([^)]*\)/giu, '');
      if (SECRET_COLUMN.test(shown) || (/^\s*\*\s*$/u.test(shown) && SECRET_TABLE.test(table)))
        return judge.findings.add(DATABASE_SECRET_RULES.databaseCredentials, arg.text);
    }
  }
}
