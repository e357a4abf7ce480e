import type { Database } from 'better-sqlite3';

/** A sub-agent's session and the parent turn that spawned it. */
export interface SessionParent {
  readonly sessionId: string;
  readonly parentSessionId: string;
  readonly parentTurnId: string;
  /** The parent's spawn_agent call. */
  readonly parentCallId: string;
  /** 1 for a child of a user's session. */
  readonly depth: number;
  /** The tool groups the child may load (never more than its parent could). */
  readonly toolGroups: readonly string[];
  readonly createdAt: string;
}

export interface SessionParentRepo {
  link(parent: Omit<SessionParent, 'createdAt'>): void;
  /** Undefined for a session a user started. */
  get(sessionId: string): SessionParent | undefined;
  /** Children of a session, oldest first. */
  children(parentSessionId: string): SessionParent[];
}

interface Row {
  sessionId: string;
  parentSessionId: string;
  parentTurnId: string;
  parentCallId: string;
  depth: number;
  toolGroups: string;
  createdAt: string;
}

const SELECT = `SELECT session_id AS sessionId, parent_session_id AS parentSessionId, parent_turn_id AS parentTurnId,
  parent_call_id AS parentCallId, depth, tool_groups AS toolGroups, created_at AS createdAt FROM session_parents`;

function fromRow(row: Row): SessionParent {
  const groups: unknown = JSON.parse(row.toolGroups);
  return { ...row, toolGroups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [] };
}

export function createSessionParentRepo(db: Database, now: () => Date): SessionParentRepo {
  const insert = db.prepare(
    `INSERT INTO session_parents (session_id, parent_session_id, parent_turn_id, parent_call_id, depth, tool_groups, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare(`${SELECT} WHERE session_id = ?`);
  const byParent = db.prepare(`${SELECT} WHERE parent_session_id = ? ORDER BY created_at, rowid`);
  return {
    link: (parent) => {
      insert.run(parent.sessionId, parent.parentSessionId, parent.parentTurnId, parent.parentCallId, parent.depth, JSON.stringify(parent.toolGroups), now().toISOString());
    },
    get: (sessionId) => {
      const row = byId.get(sessionId) as Row | undefined;
      return row ? fromRow(row) : undefined;
    },
    children: (parentSessionId) => (byParent.all(parentSessionId) as Row[]).map(fromRow),
  };
}
