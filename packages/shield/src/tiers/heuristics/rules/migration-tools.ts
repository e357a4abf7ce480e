import type { SimpleCommand } from '../shell/model.js';

/**
 * Schema migration tools, by the subcommand that migrates: they connect to the database their
 * environment names (`DATABASE_URL=$DATABASE_URL npx prisma migrate deploy`) and print nothing of it.
 */
const MIGRATIONS: ReadonlyMap<string, RegExp> = new Map([
  ['prisma', /^(?:migrate|db)$/u],
  ['knex', /^migrate:/u],
  ['sequelize', /^db:migrate/u],
  ['sequelize-cli', /^db:migrate/u],
  ['typeorm', /^migration:(?:run|revert|show)$/u],
  ['drizzle-kit', /^(?:migrate|push)$/u],
  ['alembic', /^(?:upgrade|downgrade|current|history)$/u],
  ['rails', /^db:migrate/u],
  ['rake', /^db:migrate/u],
  ['diesel', /^migration$/u],
  ['node-pg-migrate', /^(?:up|down)$/u],
  ['db-migrate', /^(?:up|down)$/u],
]);

/** Runners that start a project's own tool by name (`npx prisma …`, `bundle exec rails …`). */
const RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'yarn', 'pnpm', 'bundle']);

/** Whether the command runs a schema migration with one of these tools. */
export function runsMigration(cmd: SimpleCommand): boolean {
  let words = cmd.args.filter((a) => !a.text.startsWith('-')).map((a) => a.text);
  let tool = cmd.name;
  if (RUNNERS.has(tool)) {
    if (words[0] === 'exec') words = words.slice(1);
    tool = words[0] ?? '';
    words = words.slice(1);
  }
  const subcommand = MIGRATIONS.get(tool);
  return subcommand !== undefined && words[0] !== undefined && subcommand.test(words[0]);
}

/** Names a tool reads its database connection from. */
const CONNECTION_NAME =
  /^(?:DATABASE_URL|DB_URL|\w*_DATABASE_URL|\w*_DSN|DSN|PG\w+|MYSQL_\w+|MONGO\w*_URL|REDIS_URL)$/u;

/**
 * Variables handed whole to a command as its database connection (`DATABASE_URL=$PROD_DB_URL cmd`):
 * a connection variable set to exactly one other variable. A value built around a secret
 * (`DATABASE_URL=https://x.example/$TOKEN`) is not a connection handed over.
 */
export function connectionVariables(cmd: SimpleCommand): string[] {
  const out: string[] = [];
  for (const [name, value] of cmd.assignments) {
    const only = value.vars.length === 1 ? value.vars[0] : undefined;
    if (only === undefined || !CONNECTION_NAME.test(name)) continue;
    if (value.text === `$${only}` || value.text === `\${${only}}`) out.push(only);
  }
  return out;
}
