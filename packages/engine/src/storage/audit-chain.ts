import { hash } from 'node:crypto';
import { canonicalJson } from '@parapet/shield';
import type { AuditRow, AuditVerification } from './types.js';

/** prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** SHA-256 over the row's canonical content, including the previous row's hash. */
export function auditRowHash(row: Omit<AuditRow, 'hash'>): string {
  return hash('sha256', canonicalAuditRow(row), 'hex');
}

/**
 * The canonical JSON of the row's hashed fields. Rows as the store writes and reads them (strings,
 * nulls, a finite seq) are written out directly in sorted key order, byte for byte what
 * canonicalJson gives; anything else goes through canonicalJson itself.
 */
export function canonicalAuditRow(row: Omit<AuditRow, 'hash'>): string {
  const { seq, ts, kind, sessionId, actionId, data, prevHash } = row;
  const plain =
    Number.isFinite(seq) &&
    typeof ts === 'string' &&
    typeof kind === 'string' &&
    typeof data === 'string' &&
    typeof prevHash === 'string' &&
    (sessionId === null || typeof sessionId === 'string') &&
    (actionId === null || typeof actionId === 'string');
  if (!plain) return canonicalJson({ seq, ts, kind, sessionId, actionId, data, prevHash });
  const json = JSON.stringify;
  return `{"actionId":${json(actionId)},"data":${json(data)},"kind":${json(kind)},"prevHash":${json(prevHash)},"seq":${json(seq)},"sessionId":${json(sessionId)},"ts":${json(ts)}}`;
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
