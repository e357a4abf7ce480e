import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { actionHash, type Verdict } from '@parapet/shield';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineEvent } from '@parapet/wire/client';
import { createBroadcaster, MIN_QUEUE_LIMIT_BYTES, type Broadcaster } from '../events/index.js';
import { createRedactor } from '../redact/index.js';
import { openStore, type Store } from '../storage/index.js';
import { createApprovalDesk, type ApprovalDesk } from './approval-desk.js';

let dir: string;
let store: Store;
let bus: Broadcaster;
let seen: EngineEvent[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parapet-desk-'));
  store = openStore(path.join(dir, 'parapet.db'));
  seen = [];
  bus = createBroadcaster({ queueLimitBytes: MIN_QUEUE_LIMIT_BYTES, record: (event) => void seen.push(event) });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function desk(options: { hourlyCap?: number; timeoutMs?: number } = {}): ApprovalDesk {
  return createApprovalDesk({
    store,
    bus,
    redactor: createRedactor(),
    workspace: dir,
    timeoutMs: options.timeoutMs ?? 60_000,
    hourlyCap: options.hourlyCap ?? 30,
  });
}

function ask(sessionId: string, id: string) {
  const action = { id, type: 'write_file', payload: { path: path.join(dir, 'USER.md'), content: id } };
  const escalation: Verdict = { decision: 'ESCALATE', tier: 0, confidence: 1, reason: 'needs a human', ruleIds: ['r'], actionHash: actionHash(action), latencyUs: 1 };
  return { sessionId, turnId: 'T', toolName: 'write_file', action, actionHash: actionHash(action), escalation, targets: [] };
}

const waitForPending = async (d: ApprovalDesk): Promise<void> => {
  while (d.pendingCount() === 0) await new Promise((resolve) => setImmediate(resolve));
};

describe('approval desk', () => {
  it('past the hourly cap of a session, denies without asking; other sessions still ask', async () => {
    const d = desk({ hourlyCap: 1 });
    const a = store.sessions.create().id;
    const b = store.sessions.create().id;
    const first = d.ask(ask(a, 'one'), undefined);
    await waitForPending(d);
    const [pending] = d.list({ pendingOnly: true, limit: 5 });
    d.resolve({ approvalId: pending?.id ?? '', actionHash: pending?.actionHash ?? '', approve: false, scope: 'once', channel: 'cli', answeredBy: 'ana' });
    expect((await first).outcome).toBe('denied');

    const capped = await d.ask(ask(a, 'two'), undefined);
    expect(capped.outcome).toBe('capped');
    expect(capped.verdict.ruleIds).toContain('human.hourly_cap');
    expect(store.approvals.list({ pendingOnly: false, limit: 10 })).toHaveLength(1);
    // A new engine (a new desk) on the same database still counts the hour's questions.
    expect((await desk({ hourlyCap: 1 }).ask(ask(a, 'four'), undefined)).outcome).toBe('capped');

    const other = d.ask(ask(b, 'three'), undefined);
    await waitForPending(d);
    d.close();
    expect((await other).outcome).toBe('denied');
  });

  it('tells every watcher about the question and its end', async () => {
    const d = desk({ timeoutMs: 50 });
    const a = store.sessions.create().id;
    const outcome = await d.ask(ask(a, 'late'), undefined);
    expect(outcome.outcome).toBe('expired');
    expect(seen.map((e) => [e.type, e.type === 'approval_resolved' ? e.approval.state : ''])).toEqual([
      ['approval_required', ''],
      ['approval_resolved', 'expired'],
    ]);
  });
});
