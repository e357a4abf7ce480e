import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import { operands, optionValues, options } from '../shell/options.js';

export const DEV_DATABASE_RULES = {
  devDatabaseDrop: defineRule(
    'destructive.dev_database_drop',
    'escalate',
    'drops a local development or test database',
  ),
};

/** `DROP DATABASE [IF EXISTS] name`, each name dropped. */
const DROPPED = /\bDROP\s+(?:DATABASE|SCHEMA)\s+(?:IF\s+EXISTS\s+)?[`"']?([\w$-]+)/giu;
/** Names that mark a database as a developer's own scratch copy, rebuilt by migrations and seeds. */
const DEV_NAME = /(?:^|[_-])(?:dev|development|test|testing|local|scratch|tmp)(?:[_-]?\d+)?$/iu;

/**
 * Whether every database the statements drop is a local development or test copy (`app_dev`,
 * `shop_test`): a reset the user asks for, which a human confirms rather than the Shield refusing.
 * Anything else dropped, or a drop whose name cannot be read, is not.
 */
export function dropsOnlyDevDatabases(statements: string): boolean {
  const names = [...statements.matchAll(DROPPED)].map((m) => m[1] ?? '');
  const drops = statements.match(/\bDROP\s+(?:DATABASE|SCHEMA)\b/giu)?.length ?? 0;
  return names.length > 0 && names.length === drops && names.every((n) => DEV_NAME.test(n));
}

/** The database a client connects to: `-d NAME`, `--dbname=NAME`, or the path of a connection URL. */
function connectedDatabase(cmd: SimpleCommand): string | undefined {
  const named = optionValues(cmd.args, ['-d', '--dbname', '--database'])[0]?.text;
  const target =
    named ??
    operands(
      cmd.args,
      options('-c -f -h -p -U -d --command --file --host --port --username --dbname --database'),
    )[0]?.text;
  if (target === undefined) return undefined;
  const url = /^[a-z+]+:\/\/[^/]*\/([\w$-]+)/iu.exec(target);
  return url === null ? (/^[\w$-]+$/u.test(target) ? target : undefined) : url[1];
}

/**
 * `psql -d app_test -c 'DROP SCHEMA public CASCADE'`: schemas dropped (never a database) inside a
 * database the client names as a development or test copy are that copy's reset.
 */
export function dropsSchemasOfDevDatabase(statements: string, cmd: SimpleCommand): boolean {
  if (/\bDROP\s+DATABASE\b/iu.test(statements)) return false;
  const database = connectedDatabase(cmd);
  return database !== undefined && DEV_NAME.test(database);
}
