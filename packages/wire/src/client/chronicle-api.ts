/** The chronicle as clients see it (the proto's domain side). */

export interface SnapshotView {
  readonly id: string;
  readonly sessionId: string;
  readonly actionId: string;
  readonly toolName: string;
  readonly scope: string;
  readonly roots: readonly string[];
  readonly createdAt: string;
  readonly newBytes: number;
  /** Absent until the action finished. */
  readonly changes?: { readonly added: readonly string[]; readonly modified: readonly string[]; readonly deleted: readonly string[] };
}

export interface SnapshotEntryView {
  readonly path: string;
  readonly kind: string;
  readonly mode: number;
  readonly size: number;
  readonly linkTarget: string;
}

export interface SnapshotDetail {
  readonly snapshot: SnapshotView;
  readonly entries: readonly SnapshotEntryView[];
}

export interface RollbackView {
  readonly undoSnapshotId: string;
  readonly restored: readonly string[];
  readonly removed: readonly string[];
  readonly failed: readonly { readonly path: string; readonly reason: string }[];
}

export interface SessionLabelView {
  readonly label: string;
  readonly source: string;
  readonly actionId: string;
  readonly createdAt: string;
}

/** Undo and information-flow labels, for every client. Unknown ids throw SNAPSHOT_NOT_FOUND / SESSION_NOT_FOUND. */
export interface ChronicleApi {
  listSnapshots(sessionId: string | undefined, limit: number): Promise<readonly SnapshotView[]>;
  showSnapshot(id: string): Promise<SnapshotDetail>;
  diffSnapshot(id: string, path?: string): Promise<string>;
  rollbackSnapshot(id: string, path?: string): Promise<RollbackView>;
  sessionLabels(sessionId: string): Promise<readonly SessionLabelView[]>;
}
