import type { Database } from 'better-sqlite3';
import { ParapetError } from '@parapet/wire';

interface Migration {
  readonly version: number;
  readonly sql: string;
}

/** Append-only list: a released migration is never edited, only followed by a new one. */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX sessions_updated ON sessions(updated_at DESC);

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        turn_id TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
        content TEXT NOT NULL,
        thoughts TEXT NOT NULL DEFAULT '',
        prompt_tokens INTEGER NOT NULL DEFAULT 0,
        completion_tokens INTEGER NOT NULL DEFAULT 0,
        total_tokens INTEGER NOT NULL DEFAULT 0,
        tool_calls TEXT,
        tool_call_id TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX messages_session ON messages(session_id);

      CREATE TABLE actions (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        turn_id TEXT NOT NULL,
        call_id TEXT NOT NULL,
        tool_name TEXT NOT NULL,
        type TEXT NOT NULL,
        payload TEXT NOT NULL,
        action_hash TEXT NOT NULL,
        proposed_at TEXT NOT NULL,
        decision TEXT CHECK (decision IN ('ALLOW', 'BLOCK', 'ESCALATE')),
        tier INTEGER,
        confidence REAL,
        reason TEXT,
        rule_ids TEXT,
        evaluated_at TEXT,
        is_error INTEGER,
        error_code TEXT,
        output_excerpt TEXT,
        completed_at TEXT
      );
      CREATE INDEX actions_session ON actions(session_id);

      CREATE TABLE audit (
        seq INTEGER PRIMARY KEY,
        ts TEXT NOT NULL,
        kind TEXT NOT NULL,
        session_id TEXT,
        action_id TEXT,
        data TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
        BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END;
      CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
        BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END;
    `,
  },
  {
    version: 2,
    // One row per turn: its place in the session's order and how it ended. A queued turn's text
    // waits here (durable) and moves into messages when the turn starts.
    sql: `
      CREATE TABLE turns (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled', 'interrupted')),
        queued_text TEXT NOT NULL DEFAULT '',
        error_code TEXT,
        queued_at TEXT NOT NULL,
        started_at TEXT,
        ended_at TEXT
      );
      CREATE INDEX turns_session ON turns(session_id);
      CREATE INDEX turns_unfinished ON turns(status) WHERE status IN ('queued', 'running');
    `,
  },
  {
    // The highest event seq each session may have used, reserved in blocks by the broadcaster, so
    // numbering continues after a restart instead of starting again at 1.
    version: 3,
    sql: `ALTER TABLE sessions ADD COLUMN event_seq_reserved INTEGER NOT NULL DEFAULT 0;`,
  },
  {
    // Shield tier 3: every question to a human and how it ended. The session's recent events, so
    // a watcher can resume from a seq (bounded per session). Tier 2's spend per UTC day.
    version: 4,
    sql: `
      CREATE TABLE approvals (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        turn_id TEXT NOT NULL,
        action_id TEXT NOT NULL,
        tool_name TEXT NOT NULL,
        action_type TEXT NOT NULL,
        action_hash TEXT NOT NULL,
        targets_fingerprint TEXT NOT NULL,
        summary TEXT NOT NULL,
        diff TEXT NOT NULL DEFAULT '',
        reason TEXT NOT NULL,
        rule_ids TEXT NOT NULL,
        requested_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'denied', 'expired', 'cancelled')),
        scope TEXT NOT NULL DEFAULT '' CHECK (scope IN ('', 'once', 'session')),
        answered_by TEXT NOT NULL DEFAULT '',
        channel TEXT NOT NULL DEFAULT '',
        answered_at TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX approvals_session ON approvals(session_id, requested_at);
      CREATE INDEX approvals_pending ON approvals(state) WHERE state = 'pending';

      CREATE TABLE events (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
      ) WITHOUT ROWID;

      CREATE TABLE evaluator_budget (
        day TEXT PRIMARY KEY,
        spent INTEGER NOT NULL
      );
    `,
  },
  {
    // What memory_write appended to MEMORY.md, indexed (FTS5) for memory_search. Append-only.
    version: 5,
    sql: `
      CREATE TABLE memory_entries (
        id INTEGER PRIMARY KEY,
        session_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        content TEXT NOT NULL
      );
      CREATE VIRTUAL TABLE memory_fts USING fts5(
        content, content='memory_entries', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER memory_entries_indexed AFTER INSERT ON memory_entries BEGIN
        INSERT INTO memory_fts(rowid, content) VALUES (new.id, new.content);
      END;
    `,
  },
  {
    // The chronicle: what an action could change, kept before it ran (a manifest blob listing each
    // path with its content blob, both under $PARAPET_HOME/chronicle), and what it did change. And
    // the information-flow labels a session gathered, each with the read that brought it.
    version: 6,
    sql: `
      CREATE TABLE chronicle_snapshots (
        id TEXT PRIMARY KEY,
        session_id TEXT,
        action_id TEXT,
        tool_name TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('paths', 'workspace')),
        roots TEXT NOT NULL,
        manifest TEXT NOT NULL,
        new_bytes INTEGER NOT NULL DEFAULT 0,
        changes TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX chronicle_snapshots_session ON chronicle_snapshots(session_id);
      CREATE INDEX chronicle_snapshots_created ON chronicle_snapshots(created_at);

      CREATE TABLE session_labels (
        session_id TEXT NOT NULL,
        label TEXT NOT NULL CHECK (label IN ('secret', 'external', 'workspace')),
        source TEXT NOT NULL,
        action_id TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (session_id, label, source)
      );
    `,
  },
  {
    // History that lasts: an answer keeps the tool calls and results of its turn (JSON, like
    // tool_calls), and a session's compaction watermark keeps the summary of every message up to a
    // position, so later turns send the summary instead of summarising again.
    version: 7,
    sql: `
      ALTER TABLE messages ADD COLUMN tool_work TEXT;

      CREATE TABLE history_watermarks (
        session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        through_position INTEGER NOT NULL,
        summary TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    // The trace of each turn: its spans (history load, prompt, model rounds, each tool call's
    // pipeline stages, Shield tiers) with their parent ids, as one JSON array written once when the
    // turn ends: one row per turn keeps recording cheap next to a tool call.
    version: 8,
    sql: `
      CREATE TABLE turn_traces (
        turn_id TEXT PRIMARY KEY,
        started_at_ms REAL NOT NULL,
        duration_ms REAL NOT NULL,
        spans TEXT NOT NULL
      );
      CREATE INDEX turn_traces_started ON turn_traces(started_at_ms);
    `,
  },
  {
    // Sub-agents: a child session links to the turn (and spawn_agent call) of the parent that made it.
    version: 9,
    sql: `
      CREATE TABLE session_parents (
        session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        parent_session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        parent_turn_id TEXT NOT NULL,
        parent_call_id TEXT NOT NULL,
        depth INTEGER NOT NULL CHECK (depth BETWEEN 1 AND 3),
        tool_groups TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX session_parents_by_parent ON session_parents(parent_session_id);
    `,
  },
];

/** Brings the schema to the latest version, one transaction per migration. */
export function migrate(db: Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  const current = row.version ?? 0;
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new ParapetError('INTERNAL', `database schema version ${current} is newer than this Parapet (${latest}): upgrade Parapet`);
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, new Date().toISOString());
    })();
  }
}

export function latestSchemaVersion(): number {
  return MIGRATIONS.at(-1)?.version ?? 0;
}
