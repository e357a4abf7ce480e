import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ParapetError } from '@parapet/wire';
import { verifyAuditRows } from './audit-chain.js';
import type { AuditRow, AuditVerification } from './types.js';

/** Verifies the audit chain straight from the file, read-only: for when the engine is down. */
export function verifyAuditFile(dbPath: string): AuditVerification {
  if (!existsSync(dbPath)) {
    throw new ParapetError('INVALID_ARGUMENT', `no Parapet database at ${dbPath} (has the engine ever run?)`);
  }
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'audit'").get();
    if (!table) return { ok: true, rows: 0, firstBadRow: 0, problem: '' };
    const rows = db
      .prepare('SELECT seq, ts, kind, session_id AS sessionId, action_id AS actionId, data, prev_hash AS prevHash, hash FROM audit ORDER BY seq')
      .iterate() as Iterable<AuditRow>;
    return verifyAuditRows(rows);
  } finally {
    db.close();
  }
}
