import type { Database } from 'better-sqlite3';
import { canonicalJson } from '@parapet/shield';
import { GENESIS_HASH, auditRowHash, verifyAuditRows } from './audit-chain.js';
import type { AuditEntry, AuditKind, AuditRow, AuditVerification } from './types.js';

export interface AuditLog {
  append(kind: AuditKind, entry?: AuditEntry): AuditRow;
  /** Rows in seq order, oldest first. */
  list(options?: { readonly sessionId?: string; readonly limit?: number }): AuditRow[];
  verify(): AuditVerification;
}

const SELECT_COLUMNS = 'seq, ts, kind, session_id AS sessionId, action_id AS actionId, data, prev_hash AS prevHash, hash';

export function createAuditLog(db: Database, now: () => Date): AuditLog {
  const last = db.prepare('SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1');
  const insert = db.prepare(
    'INSERT INTO audit (seq, ts, kind, session_id, action_id, data, prev_hash, hash) VALUES (@seq, @ts, @kind, @sessionId, @actionId, @data, @prevHash, @hash)',
  );
  const all = db.prepare(`SELECT ${SELECT_COLUMNS} FROM audit ORDER BY seq`);
  const bySession = db.prepare(`SELECT ${SELECT_COLUMNS} FROM audit WHERE session_id = ? ORDER BY seq`);

  // IMMEDIATE: the read of the chain's tail and the insert are one atomic step.
  const appendRow = db.transaction((kind: AuditKind, entry: AuditEntry): AuditRow => {
    const tail = last.get() as { seq: number; hash: string } | undefined;
    const unhashed = {
      seq: (tail?.seq ?? 0) + 1,
      ts: now().toISOString(),
      kind,
      sessionId: entry.sessionId ?? null,
      actionId: entry.actionId ?? null,
      data: canonicalJson(entry.data ?? {}),
      prevHash: tail?.hash ?? GENESIS_HASH,
    };
    const row: AuditRow = { ...unhashed, hash: auditRowHash(unhashed) };
    insert.run(row);
    return row;
  });

  return {
    append: (kind, entry = {}) => appendRow.immediate(kind, entry),
    list: (options = {}) => {
      const rows = (options.sessionId ? bySession.all(options.sessionId) : all.all()) as AuditRow[];
      return options.limit !== undefined ? rows.slice(-options.limit) : rows;
    },
    verify: () => verifyAuditRows(all.iterate() as Iterable<AuditRow>),
  };
}
