import type { Database } from 'better-sqlite3';

export type SnapshotScopeKind = 'paths' | 'workspace';

/** What changed under a snapshot's roots while its action ran (workspace-relative paths). */
export interface ChangeSet {
  readonly added: readonly string[];
  readonly modified: readonly string[];
  readonly deleted: readonly string[];
}

export interface NewSnapshot {
  readonly id: string;
  readonly sessionId: string | null;
  readonly actionId: string | null;
  readonly toolName: string;
  readonly scope: SnapshotScopeKind;
  /** Workspace-relative roots the snapshot covers ('.' for the whole workspace). */
  readonly roots: readonly string[];
  /** Blob hash of the manifest. */
  readonly manifest: string;
  /** Bytes this snapshot added to the chronicle folder (deduplicated blobs count once). */
  readonly newBytes: number;
  /** RFC 3339; default: the store's clock. */
  readonly createdAt?: string;
}

export interface SnapshotRecord extends NewSnapshot {
  readonly createdAt: string;
  /** Absent until the action finished (or when it never ran). */
  readonly changes?: ChangeSet;
}

export interface ChronicleRepo {
  insert(snapshot: NewSnapshot): SnapshotRecord;
  setChanges(id: string, changes: ChangeSet): void;
  get(id: string): SnapshotRecord | undefined;
  /** Newest first. */
  list(options?: { readonly sessionId?: string; readonly limit?: number }): SnapshotRecord[];
  /** Oldest first: what retention removes first. */
  oldest(limit: number): SnapshotRecord[];
  totalNewBytes(): number;
  remove(id: string): void;
  /** Every manifest hash still referenced. */
  manifests(): string[];
}

interface Row {
  id: string;
  sessionId: string | null;
  actionId: string | null;
  toolName: string;
  scope: SnapshotScopeKind;
  roots: string;
  manifest: string;
  newBytes: number;
  changes: string | null;
  createdAt: string;
}

const SELECT = `SELECT id, session_id AS sessionId, action_id AS actionId, tool_name AS toolName, scope, roots, manifest,
  new_bytes AS newBytes, changes, created_at AS createdAt FROM chronicle_snapshots`;

function fromRow(row: Row): SnapshotRecord {
  return {
    id: row.id,
    sessionId: row.sessionId,
    actionId: row.actionId,
    toolName: row.toolName,
    scope: row.scope,
    roots: JSON.parse(row.roots) as string[],
    manifest: row.manifest,
    newBytes: row.newBytes,
    createdAt: row.createdAt,
    ...(row.changes ? { changes: JSON.parse(row.changes) as ChangeSet } : {}),
  };
}

export function createChronicleRepo(db: Database, now: () => Date): ChronicleRepo {
  const insert = db.prepare(
    `INSERT INTO chronicle_snapshots (id, session_id, action_id, tool_name, scope, roots, manifest, new_bytes, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const changes = db.prepare('UPDATE chronicle_snapshots SET changes = ? WHERE id = ?');
  const byId = db.prepare(`${SELECT} WHERE id = ?`);
  const all = db.prepare(`${SELECT} ORDER BY created_at DESC, id DESC LIMIT ?`);
  const bySession = db.prepare(`${SELECT} WHERE session_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`);
  const oldest = db.prepare(`${SELECT} ORDER BY created_at, id LIMIT ?`);
  const total = db.prepare('SELECT COALESCE(SUM(new_bytes), 0) AS bytes FROM chronicle_snapshots');
  const remove = db.prepare('DELETE FROM chronicle_snapshots WHERE id = ?');
  const manifests = db.prepare('SELECT DISTINCT manifest FROM chronicle_snapshots');
  return {
    insert(snapshot) {
      const createdAt = snapshot.createdAt ?? now().toISOString();
      insert.run(
        snapshot.id,
        snapshot.sessionId,
        snapshot.actionId,
        snapshot.toolName,
        snapshot.scope,
        JSON.stringify(snapshot.roots),
        snapshot.manifest,
        snapshot.newBytes,
        createdAt,
      );
      return { ...snapshot, createdAt };
    },
    setChanges: (id, set) => void changes.run(JSON.stringify(set), id),
    get: (id) => {
      const row = byId.get(id) as Row | undefined;
      return row ? fromRow(row) : undefined;
    },
    list: (options = {}) => {
      const limit = Math.max(1, Math.trunc(options.limit ?? 100));
      const rows = (options.sessionId === undefined ? all.all(limit) : bySession.all(options.sessionId, limit)) as Row[];
      return rows.map(fromRow);
    },
    oldest: (limit) => (oldest.all(limit) as Row[]).map(fromRow),
    totalNewBytes: () => (total.get() as { bytes: number }).bytes,
    remove: (id) => void remove.run(id),
    manifests: () => (manifests.all() as { manifest: string }[]).map((row) => row.manifest),
  };
}
