import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from './open-store.js';
import { verifyAuditFile } from './verify-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parapet-verify-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('verifyAuditFile', () => {
  it('verifies the chain while the engine still holds the database open', () => {
    const dbPath = path.join(dir, 'parapet.db');
    const store = openStore(dbPath);
    store.audit.append('ENGINE_STARTED', { data: { pid: 1 } });
    store.audit.append('PROPOSED', { sessionId: 's', data: { tool: 'read_file' } });
    expect(verifyAuditFile(dbPath)).toEqual({ ok: true, rows: 2, firstBadRow: 0, problem: '' });

    const raw = new Database(dbPath);
    raw.exec('DROP TRIGGER audit_no_update');
    raw.prepare("UPDATE audit SET kind = 'EXECUTED' WHERE seq = 2").run();
    raw.close();
    expect(verifyAuditFile(dbPath)).toMatchObject({ ok: false, firstBadRow: 2 });
    store.close();
  });

  it('does not create a database that is missing', () => {
    expect(() => verifyAuditFile(path.join(dir, 'absent.db'))).toThrow(/no Parapet database/);
  });
});
