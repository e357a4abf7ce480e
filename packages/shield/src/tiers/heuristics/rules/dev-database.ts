import { defineRule } from '../registry.js';

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
