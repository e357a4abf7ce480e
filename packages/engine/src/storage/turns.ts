import type { Database } from 'better-sqlite3';

export type TurnStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled' | 'interrupted';
export type TurnOutcome = Extract<TurnStatus, 'completed' | 'failed' | 'cancelled' | 'interrupted'>;

export interface TurnRecord {
  readonly id: string;
  readonly sessionId: string;
  readonly status: TurnStatus;
  /** The user's message while the turn is queued; empty once it is in the session's messages. */
  readonly queuedText: string;
  readonly errorCode: string;
  readonly queuedAt: string;
  readonly startedAt: string;
  readonly endedAt: string;
}

export interface TurnRepo {
  /** A turn waiting behind the session's earlier ones; its text is durable here until it starts. */
  enqueue(turn: { readonly id: string; readonly sessionId: string; readonly text: string }): void;
  /** queued → running; the text leaves this table (the caller stores it as the user message). */
  start(id: string): void;
  finish(id: string, outcome: TurnOutcome, errorCode?: string): void;
  get(id: string): TurnRecord | undefined;
  /** Turns a previous engine left queued or running, oldest first. */
  unfinished(): TurnRecord[];
}

interface TurnRow {
  id: string;
  sessionId: string;
  status: TurnStatus;
  queuedText: string;
  errorCode: string | null;
  queuedAt: string;
  startedAt: string | null;
  endedAt: string | null;
}

const SELECT = `
  SELECT id, session_id AS sessionId, status, queued_text AS queuedText, error_code AS errorCode,
         queued_at AS queuedAt, started_at AS startedAt, ended_at AS endedAt
  FROM turns`;

export function createTurnRepo(db: Database, now: () => Date): TurnRepo {
  const insert = db.prepare(
    "INSERT INTO turns (id, session_id, status, queued_text, queued_at) VALUES (?, ?, 'queued', ?, ?)",
  );
  const start = db.prepare("UPDATE turns SET status = 'running', queued_text = '', started_at = ? WHERE id = ? AND status = 'queued'");
  const finish = db.prepare(
    "UPDATE turns SET status = ?, error_code = ?, queued_text = '', ended_at = ? WHERE id = ? AND status IN ('queued', 'running')",
  );
  const byId = db.prepare(`${SELECT} WHERE id = ?`);
  const unfinished = db.prepare(`${SELECT} WHERE status IN ('queued', 'running') ORDER BY rowid`);

  return {
    enqueue: (turn) => {
      insert.run(turn.id, turn.sessionId, turn.text, now().toISOString());
    },
    start: (id) => {
      start.run(now().toISOString(), id);
    },
    finish: (id, outcome, errorCode) => {
      finish.run(outcome, errorCode ?? null, now().toISOString(), id);
    },
    get: (id) => {
      const row = byId.get(id) as TurnRow | undefined;
      return row ? toRecord(row) : undefined;
    },
    unfinished: () => (unfinished.all() as TurnRow[]).map(toRecord),
  };
}

function toRecord(row: TurnRow): TurnRecord {
  return {
    id: row.id,
    sessionId: row.sessionId,
    status: row.status,
    queuedText: row.queuedText,
    errorCode: row.errorCode ?? '',
    queuedAt: row.queuedAt,
    startedAt: row.startedAt ?? '',
    endedAt: row.endedAt ?? '',
  };
}
