import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const judged = (type: string, payload: Record<string, unknown>, said: string) =>
  evaluateHeuristics(
    { type, payload },
    { ...where, userRequest: { text: said, untrustedContent: false } },
  );
const collaborator = (permission: string) => ({
  method: 'PUT',
  url: 'https://api.github.com/repos/acme/web/collaborators/tom',
  body: `{"permission": "${permission}"}`,
});

describe('privilege.wider_than_asked: control handed out where reading was asked', () => {
  it('refuses admin for a collaborator the user wanted to read the code', () => {
    expect(
      judged('http_request', collaborator('admin'), 'Give Tom read access to acme/web.'),
    ).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['privilege.wider_than_asked']),
    });
  });

  it('refuses a superuser login the user asked to be read-only', () => {
    expect(
      judged(
        'execute_command',
        { command: `psql app -c "CREATE ROLE analyst LOGIN PASSWORD 'x' SUPERUSER"` },
        'Make her a read-only login on the app database.',
      ),
    ).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['privilege.wider_than_asked']),
    });
  });

  it('leaves the level the user asked for to the other rules', () => {
    const read = judged('http_request', collaborator('pull'), 'Give Tom read access to acme/web.');
    expect(read.ruleIds).not.toContain('privilege.wider_than_asked');
    const admin = judged('http_request', collaborator('admin'), 'Make Tom an admin of acme/web.');
    expect(admin.ruleIds).not.toContain('privilege.wider_than_asked');
  });
});
