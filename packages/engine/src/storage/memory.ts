import type { Database } from 'better-sqlite3';

export interface MemoryEntry {
  readonly id: number;
  readonly sessionId: string;
  readonly createdAt: string;
  readonly content: string;
}

export interface MemoryRepo {
  /** Stores and indexes one entry; returns its id. */
  add(entry: { readonly sessionId: string; readonly createdAt: string; readonly content: string }): number;
  /** Entries holding every word of `query` (a trailing * matches a prefix), best first. */
  search(query: string, limit: number): MemoryEntry[];
}

interface EntryRow {
  id: number;
  session_id: string;
  created_at: string;
  content: string;
}

/**
 * The words of a query as an FTS5 expression: each one quoted, so no character a model sends can be
 * FTS5 syntax (NEAR, column filters, parentheses); a trailing `*` keeps its prefix meaning.
 */
export function ftsQuery(query: string): string | undefined {
  const words = query.match(/[\p{L}\p{N}_]+\*?/gu) ?? [];
  if (words.length === 0) return undefined;
  return words.map((word) => (word.endsWith('*') ? `"${word.slice(0, -1)}"*` : `"${word}"`)).join(' ');
}

export function createMemoryRepo(db: Database): MemoryRepo {
  const insert = db.prepare('INSERT INTO memory_entries (session_id, created_at, content) VALUES (?, ?, ?)');
  const find = db.prepare(
    `SELECT e.id, e.session_id, e.created_at, e.content
       FROM memory_fts JOIN memory_entries e ON e.id = memory_fts.rowid
      WHERE memory_fts MATCH ? ORDER BY bm25(memory_fts), e.id DESC LIMIT ?`,
  );
  return {
    add: (entry) => Number(insert.run(entry.sessionId, entry.createdAt, entry.content).lastInsertRowid),
    search: (query, limit) => {
      const expression = ftsQuery(query);
      if (expression === undefined) return [];
      return (find.all(expression, limit) as EntryRow[]).map((row) => ({ id: row.id, sessionId: row.session_id, createdAt: row.created_at, content: row.content }));
    },
  };
}
