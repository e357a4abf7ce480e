import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, jsonLines, startParapet, waitFor, type CliResult, type RunningParapet } from '../harness/parapet.js';

/**
 * Shield tier 3 through the real daemon (demo model): a write of USER.md shapes the agent's prompt,
 * so only a human may allow it. The human answers from a second CLI process, or inline in chat.
 */

interface EventLine {
  type: string;
  sessionId: string;
  turnId: string;
  seq: number;
  [key: string]: unknown;
}

interface ApprovalJson {
  id: string;
  sessionId: string;
  actionHash: string;
  summary: string;
  diff: string;
  reason: string;
  state: string;
  scope: string;
  answeredBy: string;
  channel: string;
}

const USER_MD = '# User\n\nAna.\n';

let parapet: RunningParapet;

beforeAll(async () => {
  parapet = await startParapet();
  writeFileSync(join(parapet.workspace, 'USER.md'), USER_MD);
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
});


/** Starts `send --json TEXT` and returns its result promise once its approval is pending. */
async function sendAndAwaitApproval(text: string, extra: readonly string[] = []): Promise<{ turn: Promise<CliResult>; approval: ApprovalJson }> {
  const before = new Set((await pending()).map((a) => a.id));
  const turn = collect(parapet.spawnCli(['send', '--json', ...extra, text]));
  const approval = await waitFor('the approval request', async () => (await pending()).find((a) => !before.has(a.id)));
  return { turn, approval };
}

async function pending(): Promise<ApprovalJson[]> {
  const result = await parapet.cli(['approvals', '--json']);
  if (result.code !== 0) throw new Error(result.stderr);
  return jsonLines<ApprovalJson>(result.stdout);
}

function auditOf(approvalId: string): { kind: string; data: Record<string, unknown> }[] {
  const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT kind, data FROM audit WHERE kind LIKE 'APPROVAL_%' ORDER BY seq").all() as { kind: string; data: string }[];
    return rows.map((r) => ({ kind: r.kind, data: JSON.parse(r.data) as Record<string, unknown> })).filter((r) => r.data['approvalId'] === approvalId);
  } finally {
    db.close();
  }
}

const userMd = (): string => readFileSync(join(parapet.workspace, 'USER.md'), 'utf8');

describe('human approval from a second CLI process', () => {
  it('approved: the write runs, and every watcher saw the request and the answer', async () => {
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: Ana likes tea.');
    expect(approval).toMatchObject({ state: 'pending', summary: 'write_file USER.md (14 bytes)' });
    expect(approval.diff).toBe('- # User\n- \n- Ana.\n+ Ana likes tea.\n');
    expect(approval.reason).toMatch(/USER\.md.*shapes the agent's system prompt: only a human may change it/u);
    expect(userMd()).toBe(USER_MD);

    const answer = await parapet.cli(['approve', approval.id]);
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.stdout).toMatch(new RegExp(`approval ${approval.id}: approved by .*\\(cli\\)`, 'u'));
    const result = await turn;
    expect(result.code, result.stderr).toBe(0);
    expect(userMd()).toBe('Ana likes tea.');

    const events = jsonLines<EventLine>(result.stdout);
    const types = events.map((e) => e.type);
    expect(types.indexOf('approval_required')).toBeLessThan(types.indexOf('approval_resolved'));
    const verdicts = events.filter((e) => e.type === 'shield_verdict');
    expect(verdicts.map((v) => [v.decision, v.tier])).toEqual([
      ['ESCALATE', 0],
      ['ALLOW', 3],
    ]);
    expect(events.find((e) => e.type === 'action_completed')).toMatchObject({ isError: false });
    expect(auditOf(approval.id).map((r) => [r.kind, r.data['state'], r.data['channel']])).toEqual([
      ['APPROVAL_REQUESTED', undefined, undefined],
      ['APPROVAL_RESOLVED', 'approved', 'cli'],
    ]);
  });

  it('denied: refused, the file is untouched, the answer audited', async () => {
    const before = userMd();
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: obey notes.md from now on');
    const answer = await parapet.cli(['deny', approval.id]);
    expect(answer.code, answer.stderr).toBe(0);
    const events = jsonLines<EventLine>((await turn).stdout);
    expect(events.find((e) => e.type === 'action_completed')).toMatchObject({ isError: true, errorCode: 'APPROVAL_DENIED' });
    expect(userMd()).toBe(before);
    expect(auditOf(approval.id).at(-1)?.data).toMatchObject({ state: 'denied', channel: 'cli' });
  });

  it('the file changed between the question and the answer: refused although approved', async () => {
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: Ana drinks coffee.');
    writeFileSync(join(parapet.workspace, 'USER.md'), '# User\n\nEdited by hand meanwhile.\n');
    expect((await parapet.cli(['approve', approval.id])).code).toBe(0);
    const events = jsonLines<EventLine>((await turn).stdout);
    expect(events.find((e) => e.type === 'action_completed')).toMatchObject({ isError: true, errorCode: 'HASH_MISMATCH' });
    expect(userMd()).toBe('# User\n\nEdited by hand meanwhile.\n');
  });

  it('an answer carrying another action’s hash is refused, and the approval is denied', async () => {
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: Ana is an admin.');
    const otherHash = 'a'.repeat(64);
    const answer = await parapet.cli(['approve', approval.id, '--hash', otherHash]);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toMatch(/HASH_MISMATCH|another action/u);
    const events = jsonLines<EventLine>((await turn).stdout);
    const verdict = events.filter((e) => e.type === 'shield_verdict').at(-1);
    expect(verdict).toMatchObject({ decision: 'BLOCK', tier: 3 });
    expect(verdict?.ruleIds).toContain('human.hash_mismatch');
    expect(events.find((e) => e.type === 'action_completed')).toMatchObject({ isError: true, errorCode: 'APPROVAL_DENIED' });
    expect(userMd()).not.toContain('admin');
    // The first answer closed it: a second one is too late.
    const late = await parapet.cli(['approve', approval.id, '--hash', approval.actionHash]);
    expect(late.code).toBe(1);
  });

  it('approved for the session: the same action again runs without a new question', async () => {
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: Ana, again.');
    expect((await parapet.cli(['approve', approval.id, '--session'])).code).toBe(0);
    const first = jsonLines<EventLine>((await turn).stdout);
    const sessionId = first[0]?.sessionId ?? '';
    writeFileSync(join(parapet.workspace, 'USER.md'), USER_MD);

    const again = await parapet.cli(['send', '--json', '--session', sessionId, 'write USER.md: Ana, again.']);
    expect(again.code, again.stderr).toBe(0);
    const events = jsonLines<EventLine>(again.stdout);
    expect(events.some((e) => e.type === 'approval_required')).toBe(false);
    expect(events.filter((e) => e.type === 'shield_verdict').at(-1)?.ruleIds).toContain('human.session_scope');
    expect(userMd()).toBe('Ana, again.');
    // Never a broader pattern: another content is another hash, so a human is asked again.
    const different = await sendAndAwaitApproval('write USER.md: Ana, different.', ['--session', sessionId]);
    expect((await parapet.cli(['deny', different.approval.id])).code).toBe(0);
    expect((await different.turn).code).toBe(0);
    expect(userMd()).toBe('Ana, again.');
  });

  it('a turn waiting for a human holds up only its own session', async () => {
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: waiting.');
    const other = await parapet.cli(['send', '--json', 'list files'], { timeoutMs: 20_000 });
    expect(other.code, other.stderr).toBe(0);
    expect(jsonLines<EventLine>(other.stdout).find((e) => e.type === 'response_complete')?.content).toMatch(/USER\.md/u);
    expect((await pending()).map((a) => a.id)).toContain(approval.id);
    expect((await parapet.cli(['deny', approval.id])).code).toBe(0);
    expect((await turn).code).toBe(0);
  });

  it('cancelling the turn denies its pending approval', async () => {
    const child = parapet.spawnCli(['send', '--json', 'write USER.md: cancelled.']);
    const turn = collect(child);
    const approval = await waitFor('the approval request', async () => (await pending())[0]);
    child.kill('SIGINT');
    await turn;
    const closed = await waitFor('the approval to close', async () => {
      const all = jsonLines<ApprovalJson>((await parapet.cli(['approvals', '--all', '--json'])).stdout);
      const row = all.find((a) => a.id === approval.id);
      return row?.state === 'pending' ? undefined : row;
    });
    expect(closed.state).toBe('cancelled');
    expect(userMd()).not.toContain('cancelled.');
  });
});

describe('watching a session', () => {
  /** `parapet watch` from another terminal, with its output so far; resolves once the watch is live. */
  async function watcher(args: readonly string[]) {
    const child = parapet.spawnCli(['watch', ...args, '--json']);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    await waitFor('the watch to be live', async () => (stderr.includes('(live)') ? true : undefined));
    return {
      events: () => jsonLines<EventLine>(stdout),
      async stop() {
        child.kill('SIGINT');
        await closed;
        return jsonLines<EventLine>(stdout);
      },
    };
  }

  it('a watcher that joins mid-turn and one that resumes from a seq each see every event once', async () => {
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: watched.');
    const live = await watcher([approval.sessionId]);
    expect((await parapet.cli(['approve', approval.id])).code).toBe(0);
    const sent = jsonLines<EventLine>((await turn).stdout);
    const lastSeq = sent.at(-1)?.seq ?? 0;
    await waitFor('the watcher to see the end of the turn', async () => (live.events().some((e) => e.seq === lastSeq) ? true : undefined));
    const watched = await live.stop();
    // Joined while the turn waited: it sees everything from the answer on, each event once, in order.
    const afterJoin = sent.filter((e) => e.seq >= (watched[0]?.seq ?? Infinity));
    expect(watched.map((e) => [e.seq, e.type])).toEqual(afterJoin.map((e) => [e.seq, e.type]));
    expect(watched[0]?.type).toBe('approval_resolved');

    const firstSeq = sent[0]?.seq ?? 0;
    const resumed = await watcher([approval.sessionId, '--from', String(firstSeq - 1)]);
    const replayed = await resumed.stop();
    expect(replayed.map((e) => [e.seq, e.type])).toEqual(sent.map((e) => [e.seq, e.type]));
    const fromMiddle = await watcher([approval.sessionId, '--from', String(lastSeq - 2)]);
    expect((await fromMiddle.stop()).map((e) => e.seq)).toEqual(sent.filter((e) => e.seq > lastSeq - 2).map((e) => e.seq));
  });
});

describe('parapet chat asks inline', () => {
  it('shows the action, its diff and the prompt; y runs it, n refuses it', async () => {
    writeFileSync(join(parapet.workspace, 'USER.md'), USER_MD);
    const chat = parapet.spawnCli(['chat'], { stdin: 'pipe' });
    let out = '';
    chat.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const done = collect(chat);
    const seen = (text: string, from: number) => waitFor(`chat to print ${text}`, async () => (out.indexOf(text, from) >= 0 ? out.indexOf(text, from) : undefined));

    chat.stdin?.write('write USER.md: Ana, from chat.\n');
    const asked = await seen('approve? [y]es once / [s]ession / [N]o', 0);
    expect(out).toMatch(/approval needed \(\w+\): write_file USER\.md/u);
    expect(out).toContain('+ Ana, from chat.');
    chat.stdin?.write('y\n');
    const ran = await seen('✓ done', asked);
    expect(userMd()).toBe('Ana, from chat.');

    chat.stdin?.write('write USER.md: refused in chat.\n');
    const askedAgain = await seen('approve? [y]es once', ran);
    chat.stdin?.write('\n');
    await seen('APPROVAL_DENIED', askedAgain);
    expect(userMd()).toBe('Ana, from chat.');
    chat.stdin?.end('/exit\n');
    expect((await done).code).toBe(0);
  });
});

describe('engine restart', () => {
  it('denies the approval that was pending, audited, and the file stays untouched', async () => {
    const before = userMd();
    const { turn, approval } = await sendAndAwaitApproval('write USER.md: across a restart.');
    const engine = (await parapet.status()).engine.pid;
    process.kill(engine, 'SIGKILL');
    await turn;
    await waitFor('the engine to come back', async () => {
      const s = await parapet.status();
      return s.agent.ready && s.engine.pid !== engine ? s : undefined;
    });
    const all = jsonLines<ApprovalJson>((await parapet.cli(['approvals', '--all', '--json'])).stdout);
    expect(all.find((a) => a.id === approval.id)).toMatchObject({ state: 'denied', channel: 'engine' });
    expect(auditOf(approval.id).map((r) => [r.kind, r.data['state']])).toEqual([
      ['APPROVAL_REQUESTED', undefined],
      ['APPROVAL_RESOLVED', 'denied'],
    ]);
    expect(userMd()).toBe(before);
  });
});
