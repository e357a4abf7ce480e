import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const shell = (command: string) =>
  evaluateHeuristics({ type: 'execute_command', payload: { command } }, where);

describe('privilege.database_superuser: a database login given the whole server', () => {
  it.each([
    [
      'a new role made superuser',
      `psql app -c "CREATE ROLE analyst LOGIN PASSWORD 'x' SUPERUSER;"`,
    ],
    ['an existing user raised', `psql -d app -c 'ALTER USER report WITH SUPERUSER'`],
    ['every privilege on every database', `mysql -e "GRANT ALL PRIVILEGES ON *.* TO 'bi'@'%'"`],
    [
      'the right to run programs on the server',
      `psql app -c "GRANT pg_execute_server_program TO etl"`,
    ],
    [
      'the root role in MongoDB',
      `mongosh admin --eval 'db.createUser({user: "bi", pwd: "x", roles: [{role: "root", db: "admin"}]})'`,
    ],
  ])('asks a human about %s', (_what, command) => {
    expect(shell(command)).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: expect.arrayContaining(['privilege.database_superuser']),
    });
  });

  it.each([
    [
      'a read-only reporting role',
      `psql app -c "CREATE ROLE analyst LOGIN PASSWORD 'x'; GRANT pg_read_all_data TO analyst;"`,
    ],
    ['a role that is explicitly not superuser', `psql app -c "CREATE ROLE app LOGIN NOSUPERUSER"`],
    ['a grant on one table', `psql app -c "GRANT SELECT ON orders TO analyst"`],
  ])('leaves alone %s', (_what, command) => {
    expect(shell(command).ruleIds).not.toContain('privilege.database_superuser');
  });
});

describe('privilege.database_public_*: rights given to every login at once', () => {
  it.each([
    [
      'every right on every table',
      `psql app -c "GRANT ALL ON ALL TABLES IN SCHEMA public TO PUBLIC"`,
    ],
    ['deletes on one table', `psql -d app -c 'grant delete, update on invoices to public;'`],
    ['every right to any user from anywhere', `mysql -e "GRANT ALL ON shop.* TO ''@'%'"`],
  ])('refuses %s', (_what, command) => {
    expect(shell(command)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['privilege.database_public_write']),
    });
  });

  it('asks a human about reading rights for everyone, and leaves a grant to one role alone', () => {
    expect(shell(`psql app -c "GRANT SELECT ON countries TO PUBLIC"`)).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: expect.arrayContaining(['privilege.database_public_read']),
    });
    const oneRole = shell(`psql app -c "GRANT SELECT, INSERT ON orders TO app_writer"`);
    expect(oneRole.ruleIds).not.toContain('privilege.database_public_write');
    expect(oneRole.ruleIds).not.toContain('privilege.database_public_read');
  });
});
