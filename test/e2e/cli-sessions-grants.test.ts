import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, jsonLines, startParapet, waitFor, type CliResult, type RunningParapet } from '../harness/parapet.js';
import { cliInPty } from '../harness/pty.js';

/**
 * `parapet sessions rename|delete` and `parapet policy allow|rules|remove` through the real daemon
 * (demo model, approvals on): what a user sees, what the database keeps and what the Shield does.
 */

interface EventLine {
  type: string;
  sessionId: string;
  decision?: string;
  tier?: number;
  ruleIds?: string[];
  isError?: boolean;
  errorCode?: string;
  [key: string]: unknown;
}

interface ApprovalJson {
  id: string;
  sessionId: string;
  summary: string;
  state: string;
}

interface SessionJson {
  id: string;
  title: string;
  messageCount: number;
}

let parapet: RunningParapet;

beforeAll(async () => {
  parapet = await startParapet();
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
});


async function pending(): Promise<ApprovalJson[]> {
  const result = await parapet.cli(['approvals', '--json']);
  if (result.code !== 0) throw new Error(result.stderr);
  return jsonLines<ApprovalJson>(result.stdout);
}

/** Starts `send --json TEXT` and returns its result promise once its approval is pending. */
async function sendAndAwaitApproval(text: string): Promise<{ turn: Promise<CliResult>; approval: ApprovalJson }> {
  const before = new Set((await pending()).map((a) => a.id));
  const turn = collect(parapet.spawnCli(['send', '--json', text]));
  const approval = await waitFor('the approval request', async () => (await pending()).find((a) => !before.has(a.id)));
  return { turn, approval };
}

async function send(text: string): Promise<EventLine[]> {
  const result = await parapet.cli(['send', '--json', text]);
  expect(result.code, result.stderr).toBe(0);
  return jsonLines<EventLine>(result.stdout);
}

async function sessions(): Promise<SessionJson[]> {
  const result = await parapet.cli(['sessions', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as SessionJson[];
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const grantsFile = (): string => join(parapet.home, 'policies', 'grants.yaml');

describe('parapet sessions rename and delete', () => {
  it('rename: the list shows the new title and the audit trail the change', { timeout: 60_000 }, async () => {
    const sessionId = (await send('list files'))[0]?.sessionId ?? '';
    const renamed = await parapet.cli(['sessions', 'rename', sessionId, 'Reading', 'the', 'notes']);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.stdout).toBe(`renamed ${sessionId}: Reading the notes\n`);
    expect((await sessions()).find((s) => s.id === sessionId)?.title).toBe('Reading the notes');
    const rows = query<{ data: string }>("SELECT data FROM audit WHERE kind = 'SESSION_RENAMED' AND session_id = ?", sessionId);
    expect(rows.map((r) => (JSON.parse(r.data) as { to: string }).to)).toEqual(['Reading the notes']);
  });

  it('rename refuses an unknown session and an empty title, with their codes', { timeout: 60_000 }, async () => {
    const unknown = await parapet.cli(['sessions', 'rename', 'NO-SUCH-SESSION', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^parapet: .*SESSION_NOT_FOUND|^parapet: no session with id NO-SUCH-SESSION/mu);
    const sessionId = (await sessions())[0]?.id ?? '';
    const empty = await parapet.cli(['sessions', 'rename', sessionId, '   ']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/title is 1–200 characters/u);
  });

  it('delete: off a terminal it asks for --yes; with it the conversation goes, the audit rows stay and still verify', { timeout: 90_000 }, async () => {
    const sessionId = (await send('list files'))[0]?.sessionId ?? '';
    expect(query('SELECT id FROM messages WHERE session_id = ?', sessionId).length).toBeGreaterThan(0);
    const auditRows = query('SELECT seq FROM audit WHERE session_id = ?', sessionId).length;
    expect(auditRows).toBeGreaterThan(0);

    const unconfirmed = await parapet.cli(['sessions', 'delete', sessionId]);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toMatch(/not on a terminal, so nothing was changed \(confirm with --yes\)/u);
    expect((await sessions()).some((s) => s.id === sessionId)).toBe(true);

    const deleted = await parapet.cli(['sessions', 'delete', sessionId, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toMatch(new RegExp(`^deleted session ${sessionId} \\(2 messages\\); its audit rows stay\\n$`, 'u'));
    expect((await sessions()).some((s) => s.id === sessionId)).toBe(false);
    expect(query('SELECT id FROM messages WHERE session_id = ?', sessionId)).toEqual([]);
    expect(query('SELECT id FROM actions WHERE session_id = ?', sessionId)).toEqual([]);
    const history = await parapet.cli(['history', sessionId]);
    expect(history.code).toBe(1);
    expect(history.stderr).toMatch(/no session with id/u);

    const kinds = query<{ kind: string }>('SELECT kind FROM audit WHERE session_id = ? ORDER BY seq', sessionId).map((r) => r.kind);
    expect(kinds.length).toBe(auditRows + 1);
    expect(kinds.at(-1)).toBe('SESSION_DELETED');
    const verify = await parapet.cli(['audit', 'verify']);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);

    const again = await parapet.cli(['sessions', 'delete', sessionId, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/no session with id/u);
  });

  it('delete on a terminal asks first: no keeps the session, yes deletes it', async () => {
    const sessionId = (await send('list files'))[0]?.sessionId ?? '';
    const declined = cliInPty(['sessions', 'delete', sessionId], { PARAPET_HOME: parapet.home });
    await declined.answer(`delete session ${sessionId} "list files" (2 messages)? [y/N] `, 'n\r');
    await declined.expect('nothing deleted');
    expect(await declined.exited()).toBe(0);
    expect((await sessions()).some((s) => s.id === sessionId)).toBe(true);

    const confirmed = cliInPty(['sessions', 'delete', sessionId], { PARAPET_HOME: parapet.home });
    await confirmed.answer('(2 messages)? [y/N] ', 'y\r');
    await confirmed.expect(`deleted session ${sessionId} (2 messages)`);
    expect(await confirmed.exited()).toBe(0);
    expect((await sessions()).some((s) => s.id === sessionId)).toBe(false);
  }, 60_000);

  it('delete refuses a session whose action waits for a human, and works once it is answered', { timeout: 60_000 }, async () => {
    writeFileSync(join(parapet.workspace, 'USER.md'), '# User\n');
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: Ana.');
    const busy = await parapet.cli(['sessions', 'delete', approval.sessionId, '--yes']);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/is in use \(1 turn\(s\) queued or running\): stop its turn or answer its approval first/u);
    expect((await sessions()).some((s) => s.id === approval.sessionId)).toBe(true);
    expect((await pending()).map((a) => a.id)).toContain(approval.id);

    expect((await parapet.cli(['deny', approval.id])).code).toBe(0);
    expect((await turn).code).toBe(0);
    const deleted = await parapet.cli(['sessions', 'delete', approval.sessionId, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
  });
});

describe('parapet policy allow --from an approval', () => {
  const verdictOf = (events: EventLine[]): EventLine | undefined => events.filter((e) => e.type === 'shield_verdict').at(-1);

  let name = '';

  it('shows the rule as a diff, writes nothing without --yes, and with it writes and audits the grant', async () => {
    const first = await sendAndAwaitApproval('run sudo -n true');
    expect(first.approval.summary).toMatch(/sudo -n true/u);
    expect((await parapet.cli(['approve', first.approval.id])).code).toBe(0);
    expect((await first.turn).code).toBe(0);

    // Off a terminal the proposal is shown, but nothing is written without --yes.
    const unconfirmed = await parapet.cli(['policy', 'allow', '--from', first.approval.id]);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stdout, unconfirmed.stderr).toContain('+        - ^sudo -n true$');
    expect(unconfirmed.stderr).toMatch(/not on a terminal, so nothing was changed \(confirm with --yes\)/u);
    expect(existsSync(grantsFile())).toBe(false);

    const allowed = await parapet.cli(['policy', 'allow', '--from', first.approval.id, '--yes']);
    expect(allowed.code, allowed.stderr).toBe(0);
    name = `grant.${first.approval.id.toLowerCase()}`;
    expect(allowed.stdout).toContain(`+    - id: ${name}`);
    expect(allowed.stdout).toContain('+        - execute_command');
    expect(allowed.stdout).toMatch(/added grant grant\.[0-9a-z]+: the same action now runs without asking you\n$/u);
    expect(readFileSync(grantsFile(), 'utf8')).toContain('^sudo -n true$');
    expect(statSync(grantsFile()).mode & 0o777).toBe(0o600);
    const granted = query<{ data: string }>("SELECT data FROM audit WHERE kind = 'POLICY_GRANTED'");
    expect(granted.map((r) => JSON.parse(r.data) as { name: string; approvalId: string })).toEqual([
      expect.objectContaining({ name, approvalId: first.approval.id }),
    ]);

    const rules = await parapet.cli(['policy', 'rules', '--json']);
    expect(rules.code, rules.stderr).toBe(0);
    expect((JSON.parse(rules.stdout) as { grants: { name: string; commands: string[] }[] }).grants).toEqual([
      expect.objectContaining({ name, commands: ['^sudo -n true$'] }),
    ]);
  }, 90_000);

  it('the same command then runs at tier 0 without a human; another command still asks', async () => {
    const again = await send('run sudo -n true');
    expect(again.some((e) => e.type === 'approval_required')).toBe(false);
    expect(verdictOf(again)).toMatchObject({ decision: 'ALLOW', tier: 0 });
    expect(verdictOf(again)?.ruleIds).toContain(name);
    expect(again.find((e) => e.type === 'action_completed')?.errorCode ?? '').not.toMatch(/SHIELD|APPROVAL/u);

    const other = await sendAndAwaitApproval('run sudo -n false');
    expect((await parapet.cli(['deny', other.approval.id])).code).toBe(0);
    expect((await other.turn).code).toBe(0);
  }, 90_000);

  it('policy remove revokes the grant: the command asks a human again', async () => {
    const removed = await parapet.cli(['policy', 'remove', name]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`-    - id: ${name}`);
    expect(readFileSync(grantsFile(), 'utf8')).not.toContain('sudo');
    expect(query("SELECT kind FROM audit WHERE kind = 'POLICY_REVOKED'").length).toBe(1);

    const revoked = await sendAndAwaitApproval('run sudo -n true');
    expect((await parapet.cli(['deny', revoked.approval.id])).code).toBe(0);
    expect((await revoked.turn).code).toBe(0);
    expect((await parapet.cli(['policy', 'remove', name])).stderr).toMatch(/no grant named/u);
  }, 90_000);

  it('a denied approval cannot become a grant', async () => {
    const { turn, approval } = await sendAndAwaitApproval('run sudo -n -u ana true');
    expect((await parapet.cli(['deny', approval.id])).code).toBe(0);
    await turn;
    const refused = await parapet.cli(['policy', 'allow', '--from', approval.id, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is denied: only an approved action can become a grant/u);
  }, 60_000);

  it('the model cannot write the grants file: it lies outside the workspace', { timeout: 60_000 }, async () => {
    const before = existsSync(grantsFile()) ? readFileSync(grantsFile(), 'utf8') : undefined;
    const events = await send(`write ${grantsFile()}: version: 1`);
    expect(events.find((e) => e.type === 'action_completed')).toMatchObject({ isError: true, errorCode: 'PATH_OUTSIDE_WORKSPACE' });
    expect(existsSync(grantsFile()) ? readFileSync(grantsFile(), 'utf8') : undefined).toBe(before);
  });
});
