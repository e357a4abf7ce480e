import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer.js';
import { openStore } from './open-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parapet-checkpoint-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

describe('the checkpoint worker', () => {
  it('copies the log into the database file while the store stays open', async () => {
    const dbPath = path.join(dir, 'parapet.db');
    const failures: string[] = [];
    const store = openStore(dbPath, { checkpoints: { intervalMs: 20, onFailure: (message) => failures.push(message) } });
    const sizeBefore = statSync(dbPath).size;
    // Far fewer log pages than SQLite's own threshold: without the worker the file would not grow yet.
    for (let i = 0; i < 300; i += 1) store.audit.append('PROPOSED', { sessionId: 's', actionId: `a${i}`, data: { note: 'x'.repeat(300) } });
    expect(await waitFor(() => statSync(dbPath).size > sizeBefore, 5000)).toBe(true);
    store.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(failures).toEqual([]);
    const reopened = openStore(dbPath);
    expect(reopened.audit.verify()).toMatchObject({ ok: true, rows: 300 });
    reopened.close();
  });

  it('hands checkpoints back to the engine connection when the worker cannot run', async () => {
    const db = new Database(path.join(dir, 'parapet.db'));
    db.pragma('journal_mode = WAL');
    const failures: string[] = [];
    startCheckpointer(db, path.join(dir, 'missing', 'nothing.db'), { intervalMs: 20, onFailure: (message) => failures.push(message) });
    expect(await waitFor(() => failures.length > 0, 5000)).toBe(true);
    expect(failures[0]).toMatch(/^checkpoint worker (failed|exited)/);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    db.close();
  });
});
