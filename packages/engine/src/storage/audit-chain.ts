import { createHash } from 'node:crypto';
import { canonicalJson } from '@parapet/shield';
import type { AuditRow, AuditVerification } from './types.js';

/** prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** SHA-256 over the row's canonical content, including the previous row's hash. */
export function auditRowHash(row: Omit<AuditRow, 'hash'>): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        seq: row.seq,
        ts: row.ts,
        kind: row.kind,
        sessionId: row.sessionId,
        actionId: row.actionId,
        data: row.data,
        prevHash: row.prevHash,
      }),
    )
    .digest('hex');
}

/**
 * Walks the chain in seq order. Catches an edited row (hash mismatch), a removed or inserted row
 * (seq gap or broken link). Rows cut from the end leave a shorter, valid chain: that needs an
 * anchor outside the database.
 */
export function verifyAuditRows(rows: Iterable<AuditRow>): AuditVerification {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let count = 0;
  for (const row of rows) {
    count += 1;
    const bad = (problem: string): AuditVerification => ({ ok: false, rows: count, firstBadRow: row.seq, problem: `row ${row.seq}: ${problem}` });
    if (row.seq !== expectedSeq) return bad(`expected seq ${expectedSeq}: a row is missing or was inserted`);
    if (row.prevHash !== prevHash) return bad(`prev_hash does not match row ${row.seq - 1}: the chain was rewritten`);
    if (auditRowHash(row) !== row.hash) return bad('content does not match its hash: the row was altered');
    prevHash = row.hash;
    expectedSeq += 1;
  }
  return { ok: true, rows: count, firstBadRow: 0, problem: '' };
}
