import path from 'node:path';
import { ParapetError } from '@parapet/wire';
import type { ExecutionRequest, ExecutorPort } from '../pipeline/types.js';
import type { Store } from '../storage/index.js';
import { rootsOf, underPath, type Chronicle } from './chronicle.js';
import type { ManifestEntry } from './types.js';

export interface RollbackDeps {
  readonly chronicle: Chronicle;
  readonly store: Store;
  /** The confined executor: every restore step runs where no symlink can lead out of the workspace. */
  readonly executor: ExecutorPort;
  readonly protectedPaths: readonly string[];
  readonly protectedInodes: () => ReadonlySet<string>;
  readonly timeoutMs: number;
  readonly redact: (text: string) => string;
}

export interface RollbackOutcome {
  readonly snapshotId: string;
  /** The snapshot taken just before the rollback: rolling it back undoes the rollback. */
  readonly undoSnapshotId: string;
  readonly restored: readonly string[];
  readonly removed: readonly string[];
  /** Paths that could not be put back, with why. */
  readonly failed: readonly { readonly path: string; readonly reason: string }[];
}

interface Step {
  readonly path: string;
  readonly step: 'file' | 'directory' | 'remove';
  readonly entry?: ManifestEntry;
}

function normalized(workspace: string, requested: string): string {
  const relative = path.relative(workspace, path.resolve(workspace, requested));
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new ParapetError('INVALID_ARGUMENT', `${requested} is outside the workspace`);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

/** Roots to restore: the snapshot's, narrowed to `onlyPath` when one is given. */
function restoreRoots(rootNames: readonly string[], onlyPath: string | undefined): string[] {
  if (onlyPath === undefined) return [...rootNames];
  const inside = rootNames.filter((root) => underPath(root, onlyPath));
  if (inside.length > 0) return inside;
  if (rootNames.some((root) => underPath(onlyPath, root))) return [onlyPath];
  throw new ParapetError('INVALID_ARGUMENT', `${onlyPath} is not part of this snapshot`);
}

/** What must happen for `current` (under the roots) to look like `wanted` again. */
function plan(wanted: readonly ManifestEntry[], current: readonly ManifestEntry[]): Step[] {
  const want = new Map(wanted.map((entry) => [entry.path, entry]));
  const removals: Step[] = [];
  const present = new Map<string, ManifestEntry>();
  for (const entry of current) {
    if (entry.kind === 'missing') continue;
    const target = want.get(entry.path);
    const keep = target && target.kind === entry.kind && (entry.kind !== 'symlink' || target.target === entry.target);
    if (keep) present.set(entry.path, entry);
    else removals.push({ path: entry.path, step: 'remove' });
  }
  // Deepest first, so a folder is empty when its turn comes.
  removals.sort((a, b) => b.path.split('/').length - a.path.split('/').length || b.path.localeCompare(a.path));
  const creations: Step[] = [];
  for (const entry of [...wanted].sort((a, b) => a.path.localeCompare(b.path))) {
    const now = present.get(entry.path);
    if (entry.kind === 'directory' && entry.path !== '.' && (!now || now.mode !== entry.mode)) creations.push({ path: entry.path, step: 'directory', entry });
    if (entry.kind === 'file' && (!now || now.blob !== entry.blob || now.mode !== entry.mode)) creations.push({ path: entry.path, step: 'file', entry });
  }
  return [...removals, ...creations];
}

/**
 * Puts the workspace back as a snapshot kept it (all of it, or what is under `onlyPath`). The
 * paths are snapshotted first, every step runs in the executor, and the outcome is audited.
 */
export async function rollbackSnapshot(deps: RollbackDeps, id: string, onlyPath?: string): Promise<RollbackOutcome> {
  const { chronicle, store } = deps;
  const workspace = chronicle.workspace;
  const snapshot = chronicle.get(id);
  const filter = onlyPath === undefined || onlyPath === '' ? undefined : normalized(workspace, onlyPath);
  const roots = restoreRoots(snapshot.roots, filter);
  const wanted = chronicle.entries(snapshot).filter((entry) => roots.some((root) => underPath(entry.path, root)));
  const undo = chronicle.snapshot({
    sessionId: snapshot.sessionId,
    actionId: null,
    toolName: 'chronicle_rollback',
    scope: { kind: 'paths', roots: rootsOf(workspace, { ...snapshot, roots }) },
  });
  const steps = plan(wanted, chronicle.entries(undo));
  const restored: string[] = [];
  const removed: string[] = [];
  const failed: { path: string; reason: string }[] = [];
  for (const step of steps) {
    if (step.step === 'remove' && failed.some((failure) => underPath(step.path, failure.path))) continue;
    const request: ExecutionRequest = {
      tool: 'chronicle_restore',
      payload: {
        path: path.join(workspace, step.path),
        step: step.step,
        mode: step.entry?.mode ?? 0,
        ...(step.step === 'file' && step.entry ? { contentBase64: chronicle.content(step.entry).toString('base64') } : {}),
      },
      pathFields: ['path'],
      timeoutMs: deps.timeoutMs,
      maxOutputBytes: 4096,
      protectedPaths: deps.protectedPaths,
      protectedInodes: deps.protectedInodes,
    };
    try {
      await deps.executor.execute(request);
      (step.step === 'remove' ? removed : restored).push(step.path);
    } catch (error) {
      failed.push({ path: step.path, reason: deps.redact(error instanceof Error ? error.message : String(error)) });
    }
  }
  const undoSnapshot = store.chronicle.get(undo.id);
  if (undoSnapshot) chronicle.recordChanges(undoSnapshot);
  store.audit.append('ROLLED_BACK', {
    ...(snapshot.sessionId ? { sessionId: snapshot.sessionId } : {}),
    data: { snapshotId: id, undoSnapshotId: undo.id, ...(filter ? { path: filter } : {}), restored, removed, failed },
  });
  return { snapshotId: id, undoSnapshotId: undo.id, restored, removed, failed };
}
