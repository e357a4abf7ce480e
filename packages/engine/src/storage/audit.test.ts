import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '@parapet/shield';
import { auditRowHash, canonicalAuditRow } from './audit-chain.js';
import { openStore, type Store } from './open-store.js';
import type { AuditRow } from './types.js';

let dir: string;
let dbPath: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parapet-audit-tail-'));
  dbPath = path.join(dir, 'parapet.db');
  store = openStore(dbPath);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the audit chain across rollbacks and other writers', () => {
  it('stays valid when a transaction that appended rows is rolled back', () => {
    store.audit.append('PROPOSED', { sessionId: 's', data: { n: 1 } });
    expect(() =>
      store.transaction(() => {
        store.audit.append('EVALUATED', { sessionId: 's', data: { n: 2 } });
        store.audit.append('EXECUTED', { sessionId: 's', data: { n: 3 } });
        throw new Error('the disk is full');
      }),
    ).toThrow('the disk is full');
    store.audit.append('REFUSED', { sessionId: 's', data: { n: 4 } });
    expect(store.audit.list().map((row) => [row.seq, row.kind])).toEqual([
      [1, 'PROPOSED'],
      [2, 'REFUSED'],
    ]);
    expect(store.audit.verify()).toEqual({ ok: true, rows: 2, firstBadRow: 0, problem: '' });
  });

  it('stays valid when a nested transaction is rolled back and the outer one commits', () => {
    store.transaction(() => {
      store.audit.append('PROPOSED', { data: { n: 1 } });
      try {
        store.transaction(() => {
          store.audit.append('EVALUATED', { data: { n: 2 } });
          throw new Error('inner failure');
        });
      } catch {
        // The outer transaction goes on without the inner row.
      }
      store.audit.append('EXECUTED', { data: { n: 3 } });
    });
    expect(store.audit.list().map((row) => row.kind)).toEqual(['PROPOSED', 'EXECUTED']);
    expect(store.audit.verify().ok).toBe(true);
  });

  it('refuses to fork the chain when another connection appended behind its back, then recovers', () => {
    store.audit.append('ENGINE_STARTED', { data: {} });
    const [first] = store.audit.list();
    const raw = new Database(dbPath);
    const foreign = { seq: 2, ts: '2026-01-01T00:00:00.000Z', kind: 'PROPOSED', sessionId: null, actionId: null, data: '{}', prevHash: first!.hash };
    raw
      .prepare('INSERT INTO audit (seq, ts, kind, session_id, action_id, data, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(foreign.seq, foreign.ts, foreign.kind, foreign.sessionId, foreign.actionId, foreign.data, foreign.prevHash, auditRowHash(foreign));
    raw.close();

    expect(() => store.audit.append('EXECUTED', { data: {} })).toThrow(/UNIQUE|PRIMARY KEY/);
    const row = store.audit.append('EXECUTED', { data: {} });
    expect(row.seq).toBe(3);
    expect(store.audit.verify()).toMatchObject({ ok: true, rows: 3 });
  });

  it('continues the chain of an existing database after a restart', () => {
    store.audit.append('ENGINE_STARTED', { data: {} });
    store.audit.append('ENGINE_STOPPED', { data: {} });
    store.close();
    store = openStore(dbPath);
    expect(store.audit.append('ENGINE_STARTED', { data: {} }).seq).toBe(3);
    expect(store.audit.verify()).toMatchObject({ ok: true, rows: 3 });
  });
});

describe('canonicalAuditRow', () => {
  const base = { seq: 7, ts: '2026-01-01T00:00:00.000Z', kind: 'EXECUTED', sessionId: 's1', actionId: 'a1', data: '{"b":1,"a":"x\\"y\\u2028"}', prevHash: 'f'.repeat(64) };
  const rows: Array<Omit<AuditRow, 'hash'>> = [
    base,
    { ...base, sessionId: null, actionId: null },
    { ...base, data: 'line\nbreak "quoted" \\ back\u0000slash ☃' },
    // Not what the store writes, but what a tampered database could hand back.
    { ...base, seq: '7' as unknown as number },
    { ...base, sessionId: 42 as unknown as string },
    { ...base, actionId: undefined as unknown as string },
  ];
  it.each(rows.map((row, i) => [i, row] as const))('row %i is exactly canonicalJson of its fields', (_i, row) => {
    const { seq, ts, kind, sessionId, actionId, data, prevHash } = row;
    expect(canonicalAuditRow(row)).toBe(canonicalJson({ seq, ts, kind, sessionId, actionId, data, prevHash }));
  });
});
