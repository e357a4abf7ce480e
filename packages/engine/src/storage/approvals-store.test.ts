import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './open-store.js';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parapet-approvals-store-'));
  store = openStore(path.join(dir, 'parapet.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function newApproval(sessionId: string, id: string, actionHash = 'h'.repeat(64)) {
  return store.approvals.insert({
    id,
    sessionId,
    turnId: 'T',
    actionId: `A-${id}`,
    toolName: 'write_file',
    actionType: 'write_file',
    actionHash,
    targetsFingerprint: 'f',
    summary: 'write_file USER.md',
    diff: '+ x\n',
    reason: 'needs a human',
    ruleIds: ['shield.caller_min_tier'],
    requestedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  });
}

describe('approvals table', () => {
  it('takes only the first answer, and remembers a session approval for that exact hash only', () => {
    const session = store.sessions.create();
    newApproval(session.id, 'P1');
    expect(store.approvals.resolve('P1', { state: 'approved', scope: 'session', answeredBy: 'ana', channel: 'cli' })).toBe(true);
    expect(store.approvals.resolve('P1', { state: 'denied', answeredBy: 'bob', channel: 'web' })).toBe(false);
    expect(store.approvals.get('P1')).toMatchObject({ state: 'approved', scope: 'session', answeredBy: 'ana', channel: 'cli' });
    expect(store.approvals.approvedForSession(session.id, 'h'.repeat(64))?.id).toBe('P1');
    expect(store.approvals.approvedForSession(session.id, 'g'.repeat(64))).toBeUndefined();
    const other = store.sessions.create();
    expect(store.approvals.approvedForSession(other.id, 'h'.repeat(64))).toBeUndefined();
  });

  it('lists pending ones apart, and counts a session’s questions for the hourly cap', () => {
    const session = store.sessions.create();
    newApproval(session.id, 'P1');
    newApproval(session.id, 'P2');
    store.approvals.resolve('P1', { state: 'expired', answeredBy: 'the engine', channel: 'engine' });
    expect(store.approvals.pending().map((a) => a.id)).toEqual(['P2']);
    expect(store.approvals.list({ pendingOnly: false, limit: 10 }).map((a) => a.id).sort()).toEqual(['P1', 'P2']);
    expect(store.approvals.countSince(session.id, new Date(Date.now() - 3_600_000).toISOString())).toBe(2);
  });
});

describe('events table', () => {
  it('replays after a seq, oldest first, and keeps only the newest events of each session', () => {
    const session = store.sessions.create();
    const batch = Array.from({ length: 10 }, (_, i) => ({ sessionId: session.id, seq: i + 1, body: JSON.stringify({ seq: i + 1 }) }));
    store.events.appendBatch(batch, 4);
    expect(store.events.after(session.id, 0, 100).map((body) => (JSON.parse(body) as { seq: number }).seq)).toEqual([7, 8, 9, 10]);
    expect(store.events.after(session.id, 8, 100)).toHaveLength(2);
  });
});

describe('evaluator budget', () => {
  it('adds up per UTC day and survives reopening the database', () => {
    store.evaluatorBudget.add('2026-11-23', 1);
    store.evaluatorBudget.add('2026-11-23', 2);
    store.close();
    store = openStore(path.join(dir, 'parapet.db'));
    expect(store.evaluatorBudget.spent('2026-11-23')).toBe(3);
    expect(store.evaluatorBudget.spent('2026-11-24')).toBe(0);
  });
});
