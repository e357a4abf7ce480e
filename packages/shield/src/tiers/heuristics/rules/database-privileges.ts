import { caseless } from '../../../caseless.js';
import type { Findings } from '../findings.js';
import { defineRule } from '../registry.js';
import { alternation } from '../text/word-list.js';
import { judgeDatabaseShares } from './database-shares.js';

export const DATABASE_PRIVILEGE_RULES = {
  superuser: defineRule(
    'privilege.database_superuser',
    'escalate',
    'gives a database login superuser rights or every privilege',
  ),
  publicWrite: defineRule(
    'privilege.database_public_write',
    'block',
    'lets every login of the database (PUBLIC, anyone from anywhere) change or delete its data',
  ),
  publicRead: defineRule(
    'privilege.database_public_read',
    'escalate',
    'lets every login of the database (PUBLIC, anyone from anywhere) read its data',
  ),
};

/** Who a grant goes to when it goes to everyone: PostgreSQL's PUBLIC, MySQL's any user or host. */
const TO_EVERYONE = String.raw`\bTO\s+(?:PUBLIC\b|'?'?@?'%')`;
/** `GRANT … TO PUBLIC`, with the privileges it gives. */
const GRANT_TO_EVERYONE = caseless(
  new RegExp(String.raw`\bGRANT\s+([^;]*?)\s+ON\b[^;]*?${TO_EVERYONE}`, 'giu'),
);
/** Privileges that change data or the schema: anything but reading. */
const WRITES = /\b(?:ALL|INSERT|UPDATE|DELETE|TRUNCATE|CREATE|ALTER|DROP|REFERENCES|TRIGGER)\b/iu;

/** Built-in roles that carry a server's full power (files, programs, every database). */
const ALL_POWERFUL_ROLES = [
  'pg_write_server_files',
  'pg_execute_server_program',
  'pg_read_server_files',
  'rds_superuser',
  'cloudsqlsuperuser',
  'azure_pg_admin',
  'sysadmin',
  'db_owner',
];
/**
 * `CREATE ROLE x SUPERUSER`, `ALTER USER x WITH SUPERUSER`, `GRANT ALL ON *.* … WITH GRANT
 * OPTION`, `GRANT pg_execute_server_program TO x`, MongoDB's `root` role: a login that can do
 * everything on the server, where a reporting or app login needs a few tables.
 */
const SUPERUSER_GRANT = caseless(
  new RegExp(
    [
      String.raw`\b(?:CREATE|ALTER)\s+(?:ROLE|USER)\b[^;]*?\b(?:SUPERUSER|BYPASSRLS|CREATEROLE)\b`,
      String.raw`\bGRANT\s+ALL(?:\s+PRIVILEGES)?\s+ON\s+\*\.\*`,
      String.raw`\bWITH\s+GRANT\s+OPTION\b`,
      String.raw`\bGRANT\s+(?:${alternation(ALL_POWERFUL_ROLES)})\b`,
      String.raw`\bsp_addsrvrolemember\b`,
      String.raw`\broles?\s*:\s*\[?\s*\{?\s*(?:role\s*:\s*)?["'](?:root|userAdminAnyDatabase|dbAdminAnyDatabase)["']`,
    ].join('|'),
    'iu',
  ),
);

/** Judges the statements a database client is given (command line, heredoc, piped text). */
export function judgeDatabasePrivileges(statements: string, findings: Findings): void {
  const grant = SUPERUSER_GRANT.exec(statements)?.[0];
  if (grant !== undefined) findings.add(DATABASE_PRIVILEGE_RULES.superuser, grant);
  for (const [found, privileges] of statements.matchAll(GRANT_TO_EVERYONE.for(statements)))
    findings.add(
      WRITES.test(privileges ?? '')
        ? DATABASE_PRIVILEGE_RULES.publicWrite
        : DATABASE_PRIVILEGE_RULES.publicRead,
      found,
    );
  judgeDatabaseShares(statements, findings);
}
