import type { Database } from 'better-sqlite3';
import { canonicalJson } from '@parapet/shield';
import { GENESIS_HASH, auditRowHash, verifyAuditRows } from './audit-chain.js';
import type { AuditEntry, AuditKind, AuditRow, AuditVerification } from './types.js';

export interface AuditLog {
  append(kind: AuditKind, entry?: AuditEntry): AuditRow;
  /** Rows in seq order, oldest first. */
  list(options?: { readonly sessionId?: string; readonly limit?: number }): AuditRow[];
  verify(): AuditVerification;
  /** Newest first: rows before `beforeSeq` (0: from the newest), of one session and one kind when given. */
  page(filter: AuditPageFilter): AuditRow[];
  /** Drops the remembered end of the chain (after a rollback): the next append reads it from the database. */
  forgetTail(): void;
}

export interface AuditPageFilter {
  readonly sessionId?: string;
  readonly kind?: string;
  readonly beforeSeq?: number;
  readonly limit: number;
}

const SELECT_COLUMNS = 'seq, ts, kind, session_id AS sessionId, action_id AS actionId, data, prev_hash AS prevHash, hash';

export function createAuditLog(db: Database, now: () => Date): AuditLog {
  const last = db.prepare('SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1');
  const insert = db.prepare(
    'INSERT INTO audit (seq, ts, kind, session_id, action_id, data, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const all = db.prepare(`SELECT ${SELECT_COLUMNS} FROM audit ORDER BY seq`);
  const bySession = db.prepare(`SELECT ${SELECT_COLUMNS} FROM audit WHERE session_id = ? ORDER BY seq`);
  const filtered = db.prepare(
    `SELECT ${SELECT_COLUMNS} FROM audit WHERE (@sessionId IS NULL OR session_id = @sessionId) AND (@kind IS NULL OR kind = @kind) AND seq < @beforeSeq ORDER BY seq DESC LIMIT @limit`,
  );

  // The chain's last row as this connection wrote it, so an append need not read it back. The
  // database stays the truth: a rollback forgets it (see `forgetTail`), and if another writer ever
  // appended behind our back, our next insert reuses a taken seq and fails instead of forking the chain.
  let tail: { readonly seq: number; readonly hash: string } | undefined;

  const writeRow = (kind: AuditKind, entry: AuditEntry): AuditRow => {
    const previous = tail ?? (last.get() as { seq: number; hash: string } | undefined) ?? { seq: 0, hash: GENESIS_HASH };
    const unhashed = {
      seq: previous.seq + 1,
      ts: entry.ts ?? now().toISOString(),
      kind,
      sessionId: entry.sessionId ?? null,
      actionId: entry.actionId ?? null,
      data: canonicalJson(entry.data ?? {}),
      prevHash: previous.hash,
    };
    const row: AuditRow = { ...unhashed, hash: auditRowHash(unhashed) };
    // Positional: binding named parameters looks each one up on the object.
    insert.run(row.seq, row.ts, row.kind, row.sessionId, row.actionId, row.data, row.prevHash, row.hash);
    tail = { seq: row.seq, hash: row.hash };
    return row;
  };
  // IMMEDIATE: the read of the chain's tail and the insert are one atomic step.
  const appendAlone = db.transaction(writeRow);

  return {
    append: (kind, entry = {}) => {
      // Inside the store's transaction the row commits or rolls back with it (the store then calls forgetTail).
      if (db.inTransaction) return writeRow(kind, entry);
      try {
        return appendAlone.immediate(kind, entry);
      } catch (error) {
        tail = undefined;
        throw error;
      }
    },
    forgetTail: () => {
      tail = undefined;
    },
    list: (options = {}) => {
      const rows = (options.sessionId ? bySession.all(options.sessionId) : all.all()) as AuditRow[];
      return options.limit !== undefined ? rows.slice(-options.limit) : rows;
    },
    verify: () => verifyAuditRows(all.iterate() as Iterable<AuditRow>),
    page: (filter) =>
      filtered.all({
        sessionId: filter.sessionId ?? null,
        kind: filter.kind ?? null,
        beforeSeq: filter.beforeSeq && filter.beforeSeq > 0 ? filter.beforeSeq : Number.MAX_SAFE_INTEGER,
        limit: filter.limit,
      }) as AuditRow[],
  };
}
