import type { Database } from 'better-sqlite3';

export type SpanAttributes = Readonly<Record<string, string | number | boolean>>;

/** One finished span of a turn's trace; ids are small numbers unique within the turn. */
export interface SpanRecord {
  readonly spanId: number;
  /** Absent for the turn's root span. */
  readonly parentId?: number;
  readonly name: string;
  /** Milliseconds since the epoch, sub-millisecond precision. */
  readonly startedAtMs: number;
  readonly durationMs: number;
  readonly attributes: SpanAttributes;
}

export interface TraceRepo {
  /** Stores a turn's spans (the root first) as one row; a turn's trace is written once. */
  insert(turnId: string, spans: readonly SpanRecord[]): void;
  /** The turn's spans in start order; empty when it has no trace. */
  forTurn(turnId: string): SpanRecord[];
  /** The turn whose trace started last (the last turn of the last session that ran one). */
  lastTurnId(): string | undefined;
}

/** A span as stored: [id, parent id (0: root), name, start after the root's in ms, duration in ms, attributes]. */
type StoredSpan = [number, number, string, number, number, SpanAttributes];

/** Microsecond precision is all a trace shows; fewer digits keep the row small. */
const toMicros = (ms: number): number => Math.round(ms * 1000) / 1000;

export function createTraceRepo(db: Database): TraceRepo {
  const insert = db.prepare('INSERT OR REPLACE INTO turn_traces (turn_id, started_at_ms, duration_ms, spans) VALUES (?, ?, ?, ?)');
  const byTurn = db.prepare('SELECT started_at_ms AS startedAtMs, spans FROM turn_traces WHERE turn_id = ?');
  const last = db.prepare('SELECT turn_id AS turnId FROM turn_traces ORDER BY started_at_ms DESC LIMIT 1');
  return {
    insert: (turnId, spans) => {
      const root = spans[0];
      if (!root) return;
      const origin = root.startedAtMs;
      const stored = spans.map((span): StoredSpan => [
        span.spanId,
        span.parentId ?? 0,
        span.name,
        toMicros(span.startedAtMs - origin),
        toMicros(span.durationMs),
        span.attributes,
      ]);
      insert.run(turnId, origin, root.durationMs, JSON.stringify(stored));
    },
    forTurn: (turnId) => {
      const row = byTurn.get(turnId) as { startedAtMs: number; spans: string } | undefined;
      if (!row) return [];
      return parseSpans(row.spans)
        .map(([spanId, parentId, name, offsetMs, durationMs, attributes]) => ({
          spanId,
          ...(parentId === 0 ? {} : { parentId }),
          name,
          startedAtMs: row.startedAtMs + offsetMs,
          durationMs,
          attributes,
        }))
        .sort((a, b) => a.startedAtMs - b.startedAtMs || a.spanId - b.spanId);
    },
    lastTurnId: () => (last.get() as { turnId: string } | undefined)?.turnId,
  };
}

function parseSpans(text: string): StoredSpan[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((span): span is StoredSpan => Array.isArray(span) && span.length === 6) : [];
  } catch {
    return [];
  }
}
