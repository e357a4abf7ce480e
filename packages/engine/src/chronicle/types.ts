/** One path as a snapshot saw it. Paths are workspace-relative, '/'-separated ('.' is the root). */
export interface ManifestEntry {
  readonly path: string;
  readonly kind: 'file' | 'directory' | 'symlink' | 'missing';
  /** Permission bits (0o7777 part of st_mode). */
  readonly mode: number;
  readonly size: number;
  /** Content blob of a file. */
  readonly blob?: string;
  /** Where a symlink pointed (kept for `show`; a rollback never recreates links). */
  readonly target?: string;
}

/** What an action may change: its target paths, or (shell, git) the whole workspace. */
export type SnapshotScope =
  | { readonly kind: 'paths'; readonly roots: readonly string[] }
  | { readonly kind: 'workspace' };

export interface SnapshotRequest {
  readonly sessionId: string | null;
  readonly actionId: string | null;
  readonly toolName: string;
  readonly scope: SnapshotScope;
}
