import type { Database } from 'better-sqlite3';

/** Where a session's compaction stands: every message up to `throughPosition` is in `summary`. */
export interface HistoryWatermark {
  readonly throughPosition: number;
  readonly summary: string;
}

export interface HistoryWatermarkRepo {
  get(sessionId: string): HistoryWatermark | undefined;
  set(sessionId: string, watermark: HistoryWatermark): void;
}

export function createHistoryWatermarkRepo(db: Database, now: () => Date): HistoryWatermarkRepo {
  const select = db.prepare('SELECT through_position AS throughPosition, summary FROM history_watermarks WHERE session_id = ?');
  const upsert = db.prepare(`
    INSERT INTO history_watermarks (session_id, through_position, summary, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (session_id) DO UPDATE SET through_position = excluded.through_position, summary = excluded.summary,
                                           updated_at = excluded.updated_at`);
  return {
    get: (sessionId) => select.get(sessionId) as HistoryWatermark | undefined,
    set: (sessionId, watermark) => void upsert.run(sessionId, watermark.throughPosition, watermark.summary, now().toISOString()),
  };
}
