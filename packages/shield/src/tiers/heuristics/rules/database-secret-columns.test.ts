import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const context = { home: '/home/alice', workspace: '/home/alice/project' };
const shell = (command: string) =>
  evaluateHeuristics({ type: 'execute_command', payload: { command } }, context);

describe('credentials a database stores', () => {
  it.each([
    'psql "$DATABASE_URL" -c "select email, password_hash, reset_token from users"',
    'mysql -e "SELECT * FROM api_keys"',
    'sqlite3 app.db "select name, users.api_key from users"',
    'psql -c \'select "password" from accounts\'',
    'psql -c "select user_id, totp_secret from mfa"',
  ])('are refused when a query prints them: %s', (command) => {
    expect(shell(command)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['secrets.database_credentials']),
    });
  });

  it.each([
    'psql "$DATABASE_URL" -c "select count(*) from users"',
    'psql -c "select id, email from users where password_hash is null"',
    'psql -c "select count(password_hash) from users"',
    'psql -c "select model, tokens_used, token_type from usage"',
    'psql -c "select id, password_changed_at from users"',
    'psql -c "select id, created_at from sessions"',
  ])('are not read by a query that counts, filters or reads other columns: %s', (command) => {
    expect(shell(command).ruleIds).not.toContain('secrets.database_credentials');
  });
});
