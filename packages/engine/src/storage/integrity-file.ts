import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { verifyAuditFile } from './verify-file.js';

export interface DatabaseIntegrity {
  /** SQLite's own check: 'ok' or its first complaint. */
  readonly sqlite: string;
  readonly audit: { readonly ok: boolean; readonly rows: number; readonly problem: string };
}

/** SQLite's integrity check and the audit chain, read-only from the file (the engine may be running). */
export function checkDatabaseFile(dbPath: string): DatabaseIntegrity | undefined {
  if (!existsSync(dbPath)) return undefined;
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  let sqlite: string;
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    sqlite = rows.map((row) => row.integrity_check).join('; ') || 'ok';
  } finally {
    db.close();
  }
  const audit = verifyAuditFile(dbPath);
  return { sqlite, audit: { ok: audit.ok, rows: audit.rows, problem: audit.problem } };
}
