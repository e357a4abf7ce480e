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
  /** Stores a turn's spans; the caller wraps it in a transaction. */
  insert(turnId: string, spans: readonly SpanRecord[]): void;
  /** The turn's spans in start order; empty when it has no trace. */
  forTurn(turnId: string): SpanRecord[];
  /** The turn whose trace started last (the last turn of the last session that ran one). */
  lastTurnId(): string | undefined;
}

interface SpanRow {
  spanId: number;
  parentId: number | null;
  name: string;
  startedAtMs: number;
  durationMs: number;
  attributes: string;
}

export function createTraceRepo(db: Database): TraceRepo {
  const insert = db.prepare(
    `INSERT OR REPLACE INTO trace_spans (turn_id, span_id, parent_id, name, started_at_ms, duration_ms, attributes)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const byTurn = db.prepare(
    `SELECT span_id AS spanId, parent_id AS parentId, name, started_at_ms AS startedAtMs, duration_ms AS durationMs, attributes
     FROM trace_spans WHERE turn_id = ? ORDER BY started_at_ms, span_id`,
  );
  const last = db.prepare('SELECT turn_id AS turnId FROM trace_spans WHERE parent_id IS NULL ORDER BY started_at_ms DESC LIMIT 1');
  return {
    insert: (turnId, spans) => {
      for (const span of spans) {
        insert.run(turnId, span.spanId, span.parentId ?? null, span.name, span.startedAtMs, span.durationMs, JSON.stringify(span.attributes));
      }
    },
    forTurn: (turnId) =>
      (byTurn.all(turnId) as SpanRow[]).map((row) => ({
        spanId: row.spanId,
        ...(row.parentId === null ? {} : { parentId: row.parentId }),
        name: row.name,
        startedAtMs: row.startedAtMs,
        durationMs: row.durationMs,
        attributes: parseAttributes(row.attributes),
      })),
    lastTurnId: () => (last.get() as { turnId: string } | undefined)?.turnId,
  };
}

function parseAttributes(text: string): SpanAttributes {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as SpanAttributes) : {};
  } catch {
    return {};
  }
}
