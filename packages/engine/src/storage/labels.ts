import type { Database } from 'better-sqlite3';

/** Where data the engine handed the model came from (DESIGN §5 stage 9). */
export type FlowLabel = 'secret' | 'external' | 'workspace';

export interface LabelRecord {
  readonly sessionId: string;
  readonly label: FlowLabel;
  /** What brought the label, e.g. `read_file .env (a secret was redacted)`. */
  readonly source: string;
  readonly actionId: string | null;
  readonly createdAt: string;
}

/** A session whose labels restrict what it may do next. */
export interface LabeledSessionRecord {
  readonly sessionId: string;
  /** Distinct restricting labels (secret, external), in the order gained. */
  readonly labels: FlowLabel[];
  readonly lastLabeledAt: string;
}

export interface LabelRepo {
  /** True when this (label, source) is new for the session. */
  add(sessionId: string, label: FlowLabel, source: string, actionId: string | null): boolean;
  /** Whether the session holds `label` from any source. */
  has(sessionId: string, label: FlowLabel): boolean;
  /** Oldest first. */
  forSession(sessionId: string): LabelRecord[];
  /** Sessions holding a secret or external label, most recently labelled first. */
  restrictedSessions(limit: number): LabeledSessionRecord[];
}

export function createLabelRepo(db: Database, now: () => Date): LabelRepo {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO session_labels (session_id, label, source, action_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const bySession = db.prepare(
    `SELECT session_id AS sessionId, label, source, action_id AS actionId, created_at AS createdAt
     FROM session_labels WHERE session_id = ? ORDER BY created_at, rowid`,
  );
  const holds = db.prepare('SELECT 1 FROM session_labels WHERE session_id = ? AND label = ? LIMIT 1').pluck();
  const restricted = db.prepare(
    `SELECT session_id AS sessionId, MAX(created_at) AS lastLabeledAt FROM session_labels
     WHERE label IN ('secret', 'external') GROUP BY session_id ORDER BY lastLabeledAt DESC, session_id LIMIT ?`,
  );
  const restrictingLabels = db.prepare(
    `SELECT label FROM session_labels WHERE session_id = ? AND label IN ('secret', 'external')
     GROUP BY label ORDER BY MIN(created_at), MIN(rowid)`,
  );
  return {
    restrictedSessions: (limit) =>
      (restricted.all(limit) as { sessionId: string; lastLabeledAt: string }[]).map((row) => ({
        ...row,
        labels: (restrictingLabels.all(row.sessionId) as { label: FlowLabel }[]).map((label) => label.label),
      })),
    add: (sessionId, label, source, actionId) => insert.run(sessionId, label, source, actionId, now().toISOString()).changes > 0,
    has: (sessionId, label) => holds.get(sessionId, label) !== undefined,
    forSession: (sessionId) => bySession.all(sessionId) as LabelRecord[],
  };
}
