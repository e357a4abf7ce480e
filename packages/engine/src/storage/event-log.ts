import type { Database } from 'better-sqlite3';

/** A session's recent events as JSON, so a watcher can resume from a seq after a reconnect. */
export interface EventLogRepo {
  /** Stores the events (any sessions) in one transaction and keeps only the newest `keep` per session. */
  appendBatch(events: readonly { readonly sessionId: string; readonly seq: number; readonly body: string }[], keep: number): void;
  /** Stored events of the session with a seq above `afterSeq`, oldest first, at most `limit`. */
  after(sessionId: string, afterSeq: number, limit: number): string[];
}

export function createEventLogRepo(db: Database): EventLogRepo {
  const insert = db.prepare('INSERT OR REPLACE INTO events (session_id, seq, body) VALUES (?, ?, ?)');
  const trim = db.prepare('DELETE FROM events WHERE session_id = ? AND seq <= ?');
  const after = db.prepare('SELECT body FROM events WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?').pluck();
  const appendAll = db.transaction((events: Parameters<EventLogRepo['appendBatch']>[0], keep: number) => {
    const highest = new Map<string, number>();
    for (const event of events) {
      insert.run(event.sessionId, event.seq, event.body);
      if (event.seq > (highest.get(event.sessionId) ?? 0)) highest.set(event.sessionId, event.seq);
    }
    for (const [sessionId, seq] of highest) trim.run(sessionId, seq - keep);
  });
  return {
    appendBatch: (events, keep) => {
      if (events.length > 0) appendAll.immediate(events, keep);
    },
    after: (sessionId, afterSeq, limit) => after.all(sessionId, afterSeq, limit) as string[],
  };
}
