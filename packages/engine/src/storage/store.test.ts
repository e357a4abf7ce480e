import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './open-store.js';
import { latestSchemaVersion } from './migrations.js';

let dir: string;
let dbPath: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parapet-store-'));
  dbPath = path.join(dir, 'parapet.db');
  store = openStore(dbPath);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('openStore', () => {
  it('creates a private WAL database with foreign keys and the schema version recorded', () => {
    expect(statSync(dbPath).mode & 0o777).toBe(0o600);
    const raw = new Database(dbPath, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    // Every migration once, in order, up to the latest (numbers are reserved per feature, so a
    // branch may lack one another branch adds).
    const versions = (raw.prepare('SELECT version FROM schema_migrations ORDER BY rowid').all() as { version: number }[]).map((row) => row.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    expect(versions.slice(0, 3)).toEqual([1, 2, 3]);
    expect(versions.at(-1)).toBe(latestSchemaVersion());
    raw.close();
  });

  it('reopens an existing database without re-running migrations and keeps the data', () => {
    const session = store.sessions.create({ title: 'kept' });
    store.close();
    store = openStore(dbPath);
    expect(store.sessions.get(session.id)?.title).toBe('kept');
  });
});

describe('sessions and messages', () => {
  it("deletes the traces of a session's turns with the session, and keeps the traces of other sessions", () => {
    const gone = store.sessions.create();
    const kept = store.sessions.create();
    const span = { spanId: 1, name: 'turn', startedAtMs: 1_000, durationMs: 5, attributes: {} };
    for (const [turnId, sessionId] of [['t-gone', gone.id], ['t-kept', kept.id]] as const) {
      store.turns.enqueue({ id: turnId, sessionId, text: 'hi' });
      store.traces.insert(turnId, [span]);
    }
    store.sessions.remove(gone.id);
    expect(store.traces.forTurn('t-gone')).toEqual([]);
    expect(store.traces.forTurn('t-kept').map((s) => s.name)).toEqual(['turn']);
  });

  it('stores messages with thoughts, usage and tool calls, in order', () => {
    const session = store.sessions.create();
    store.messages.append({ sessionId: session.id, turnId: 't1', role: 'user', content: 'list files' });
    store.messages.append({
      sessionId: session.id,
      turnId: 't1',
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'c1', name: 'list_directory', argumentsJson: '{"path":"."}' }],
    });
    store.messages.append({ sessionId: session.id, turnId: 't1', role: 'tool', content: 'a.txt', toolCallId: 'c1' });
    const answer = store.messages.append({
      sessionId: session.id,
      turnId: 't1',
      role: 'assistant',
      content: 'You have a.txt',
      thoughts: 'listed it',
      usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
    });
    const messages = store.messages.list(session.id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[1]?.toolCalls).toEqual([{ id: 'c1', name: 'list_directory', argumentsJson: '{"path":"."}' }]);
    expect(messages[2]?.toolCallId).toBe('c1');
    expect(messages[3]).toEqual(answer);
    expect(answer.usage).toEqual({ promptTokens: 10, completionTokens: 5, totalTokens: 15 });
    expect(store.sessions.get(session.id)?.messageCount).toBe(4);
  });

  it('cuts a message longer than the cap, with a marker, so the stored row stays readable', () => {
    store.close();
    store = openStore(dbPath, { maxStoredTextBytes: 4096 });
    const session = store.sessions.create();
    const reply = 'é'.repeat(10 * 1024 * 1024);
    const stored = store.messages.append({ sessionId: session.id, turnId: 't', role: 'assistant', content: reply, thoughts: reply });
    for (const text of [stored.content, stored.thoughts]) {
      expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(4096);
      expect(text.startsWith('éé')).toBe(true);
      expect(text).toMatch(/\[… cut by Parapet: this text was 20971520 bytes, only the first part is stored\]$/);
    }
    expect(store.messages.list(session.id)[0]?.content).toBe(stored.content);
  });

  it('reads a session on from a position, a page at a time', () => {
    const { id } = store.sessions.create();
    const other = store.sessions.create();
    for (let i = 1; i <= 5; i += 1) {
      store.messages.append({ sessionId: id, turnId: `t${i}`, role: 'user', content: `m${i}` });
      store.messages.append({ sessionId: other.id, turnId: `t${i}`, role: 'user', content: `other${i}` });
    }
    const first = store.messages.listAfter(id, 0, 2);
    expect(first.map((p) => p.message.content)).toEqual(['m1', 'm2']);
    const second = store.messages.listAfter(id, first.at(-1)?.position ?? 0, 10);
    expect(second.map((p) => p.message.content)).toEqual(['m3', 'm4', 'm5']);
    expect(store.messages.listAfter(id, second.at(-1)?.position ?? 0, 10)).toEqual([]);
  });

  it('keeps each session\'s reserved event seq across reopening, and never lowers it', () => {
    const { id } = store.sessions.create();
    expect(store.sessions.eventSeqReserved(id)).toBe(0);
    store.sessions.reserveEventSeqs(id, 2000);
    store.sessions.reserveEventSeqs(id, 1000);
    store.close();
    store = openStore(dbPath);
    expect(store.sessions.eventSeqReserved(id)).toBe(2000);
    expect(store.sessions.eventSeqReserved('no-such-session')).toBe(0);
  });

  it('refuses a message for a session that does not exist', () => {
    expect(() => store.messages.append({ sessionId: 'nope', turnId: 't', role: 'user', content: 'x' })).toThrow(/FOREIGN KEY/);
  });

  it('counts exchanges as turns with a user message and an answer', () => {
    const { id } = store.sessions.create();
    store.messages.append({ sessionId: id, turnId: 't1', role: 'user', content: 'a' });
    store.messages.append({ sessionId: id, turnId: 't1', role: 'assistant', content: 'b' });
    store.messages.append({ sessionId: id, turnId: 't2', role: 'user', content: 'c' });
    expect(store.messages.countExchanges(id)).toBe(1);
    store.messages.append({ sessionId: id, turnId: 't2', role: 'assistant', content: 'd' });
    expect(store.messages.countExchanges(id)).toBe(2);
  });

  it('lists the most recently active session first and sets titles', () => {
    let tick = 0;
    store.close();
    store = openStore(dbPath, { now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)) });
    const first = store.sessions.create();
    const second = store.sessions.create();
    store.messages.append({ sessionId: first.id, turnId: 't', role: 'user', content: 'hi' });
    store.sessions.setTitle(second.id, 'Renamed');
    store.messages.append({ sessionId: first.id, turnId: 't', role: 'user', content: 'again' });
    expect(store.sessions.list().map((s) => s.id)).toEqual([first.id, second.id]);
    expect(store.sessions.get(second.id)?.title).toBe('Renamed');
    expect(store.sessions.list(1)).toHaveLength(1);
  });
});

describe('actions', () => {
  it('records proposal, verdict and result on one row', () => {
    const { id: sessionId } = store.sessions.create();
    store.actions.insert({
      id: 'A1',
      sessionId,
      turnId: 't1',
      callId: 'c1',
      toolName: 'read_file',
      type: 'read_file',
      payload: { path: '/ws/a.txt' },
      actionHash: 'h'.repeat(64),
      proposedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(store.actions.get('A1')?.verdict).toBeUndefined();
    store.actions.recordVerdict('A1', { decision: 'ALLOW', tier: 0, confidence: 1, reason: 'policy allows', ruleIds: ['allow.read'] });
    store.actions.recordResult('A1', { isError: false, output: 'x'.repeat(10_000) });
    const record = store.actions.get('A1');
    expect(record?.payload).toEqual({ path: '/ws/a.txt' });
    expect(record?.verdict).toMatchObject({ decision: 'ALLOW', tier: 0, ruleIds: ['allow.read'] });
    expect(record?.result).toMatchObject({ isError: false, errorCode: '' });
    expect(record?.result?.outputExcerpt).toHaveLength(4096);
    expect(store.actions.listForSession(sessionId)).toHaveLength(1);
  });

  it('stores a verdict given with the result, with the time the Shield answered', () => {
    const { id: sessionId } = store.sessions.create();
    store.actions.insert({
      id: 'A2',
      sessionId,
      turnId: 't1',
      callId: 'c2',
      toolName: 'write_file',
      type: 'write_file',
      payload: { path: '/ws/b.txt' },
      actionHash: 'h'.repeat(64),
      proposedAt: '2026-01-01T00:00:00.000Z',
    });
    const verdict = { decision: 'BLOCK', tier: 1, confidence: 0.9, reason: 'persistence', ruleIds: ['h.persist'] } as const;
    store.actions.recordResult('A2', { isError: true, errorCode: 'SHIELD_BLOCKED', output: 'denied' }, { verdict, evaluatedAt: '2026-01-01T00:00:01.000Z' });
    const record = store.actions.get('A2');
    expect(record?.verdict).toEqual({ ...verdict, ruleIds: ['h.persist'], evaluatedAt: '2026-01-01T00:00:01.000Z' });
    expect(record?.result).toMatchObject({ isError: true, errorCode: 'SHIELD_BLOCKED', outputExcerpt: 'denied' });
  });
});

describe('audit chain', () => {
  function fillAudit(): void {
    store.audit.append('PROPOSED', { sessionId: 's', actionId: 'a1', data: { tool: 'read_file' } });
    store.audit.append('EVALUATED', { sessionId: 's', actionId: 'a1', data: { decision: 'ALLOW' } });
    store.audit.append('EXECUTED', { sessionId: 's', actionId: 'a1', data: { bytes: 3 } });
  }

  it('links each row to the previous one and verifies', () => {
    fillAudit();
    const rows = store.audit.list();
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows[0]?.prevHash).toBe('0'.repeat(64));
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(store.audit.verify()).toEqual({ ok: true, rows: 3, firstBadRow: 0, problem: '' });
  });

  it('refuses UPDATE and DELETE through the append-only triggers', () => {
    fillAudit();
    const raw = new Database(dbPath);
    expect(() => raw.prepare("UPDATE audit SET data = '{}' WHERE seq = 2").run()).toThrow(/append-only/);
    expect(() => raw.prepare('DELETE FROM audit WHERE seq = 2').run()).toThrow(/append-only/);
    raw.close();
  });

  it('names the row that was altered behind its back (triggers dropped)', () => {
    fillAudit();
    const raw = new Database(dbPath);
    raw.exec('DROP TRIGGER audit_no_update');
    raw.prepare(`UPDATE audit SET data = '{"decision":"BLOCK"}' WHERE seq = 2`).run();
    raw.close();
    const result = store.audit.verify();
    expect(result.ok).toBe(false);
    expect(result.firstBadRow).toBe(2);
    expect(result.problem).toMatch(/^row 2: .*altered/);
  });

  it('detects a deleted row in the middle of the chain', () => {
    fillAudit();
    const raw = new Database(dbPath);
    raw.exec('DROP TRIGGER audit_no_delete');
    raw.prepare('DELETE FROM audit WHERE seq = 2').run();
    raw.close();
    const result = store.audit.verify();
    expect(result).toMatchObject({ ok: false, firstBadRow: 3 });
  });

  it('detects a row rewritten with a fresh hash that no longer links', () => {
    fillAudit();
    const raw = new Database(dbPath);
    raw.exec('DROP TRIGGER audit_no_update');
    raw.prepare(`UPDATE audit SET hash = '${'f'.repeat(64)}' WHERE seq = 1`).run();
    raw.close();
    expect(store.audit.verify()).toMatchObject({ ok: false, firstBadRow: 1 });
  });

  it('filters by session', () => {
    store.audit.append('PROPOSED', { sessionId: 'one' });
    store.audit.append('PROPOSED', { sessionId: 'two' });
    expect(store.audit.list({ sessionId: 'two' }).map((r) => r.seq)).toEqual([2]);
  });
});
