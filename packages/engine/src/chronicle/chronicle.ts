import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { ParapetError } from '@parapet/wire';
import type { Logger } from '../logging/port.js';
import type { ChangeSet, SnapshotRecord, Store } from '../storage/index.js';
import type { BlobStore } from './blob-store.js';
import { captureRoots, IdentityCache, relativeName, type CaptureContext } from './capture.js';
import { SnapshotError } from './errors.js';
import { readWorkspaceFile } from './safe-read.js';
import type { ManifestEntry, SnapshotRequest } from './types.js';
import { lstatSync } from 'node:fs';

export interface ChronicleOptions {
  readonly store: Store;
  readonly blobs: BlobStore;
  /** Canonical absolute workspace root. */
  readonly workspace: string;
  /** Engine state that may sit inside the workspace: never copied, never restored. */
  readonly skip: readonly string[];
  readonly maxBytes: number;
  readonly maxAgeDays: number;
  readonly newId: () => string;
  readonly now?: () => Date;
  readonly logger: Logger;
}

export interface Chronicle {
  readonly workspace: string;
  /** Keeps what the action may change; throws SnapshotError when it cannot (the action is then denied). */
  snapshot(request: SnapshotRequest): SnapshotRecord;
  /** Compares the snapshot's roots now with what it kept, and stores the result. */
  recordChanges(snapshot: SnapshotRecord): ChangeSet;
  get(id: string): SnapshotRecord;
  list(sessionId?: string): SnapshotRecord[];
  entries(snapshot: SnapshotRecord): ManifestEntry[];
  content(entry: ManifestEntry): Buffer;
  /** Unified diff of the snapshot's text files against the workspace now. */
  diff(id: string, onlyPath?: string): string;
  /** Applies the retention limits: oldest and expired snapshots go, then unreferenced blobs. */
  prune(): void;
}

const TEXT_PROBE_BYTES = 8000;
/** Manifests kept in memory until their action's changes are recorded; beyond this, read back from disk. */
const MAX_AWAITING_CHANGES = 64;
/** Age-based retention runs at most this often (size-based runs whenever the total is over). */
const AGE_PRUNE_INTERVAL_MS = 3_600_000;

function isText(content: Buffer): boolean {
  return !content.subarray(0, TEXT_PROBE_BYTES).includes(0);
}

export function rootsOf(workspace: string, snapshot: SnapshotRecord): string[] {
  return snapshot.roots.map((root) => (root === '.' ? workspace : path.join(workspace, root)));
}

/** Whether `name` (workspace-relative) is `filter` or inside it. */
export function underPath(name: string, filter: string | undefined): boolean {
  if (filter === undefined || filter === '.') return true;
  return name === filter || name.startsWith(`${filter}/`);
}

export function createChronicle(options: ChronicleOptions): Chronicle {
  const { store, blobs, workspace } = options;
  const now = options.now ?? (() => new Date());
  const cache = new IdentityCache();
  const context: CaptureContext = { workspace, blobs, cache, skip: options.skip };

  const entriesOf = (snapshot: SnapshotRecord): ManifestEntry[] => JSON.parse(blobs.get(snapshot.manifest).toString('utf8')) as ManifestEntry[];
  // What a snapshot kept, by id, until its action's changes are recorded: no read back, no parse.
  const awaitingChanges = new Map<string, ManifestEntry[]>();
  // The chronicle is the only writer of its table: its size is counted here, not summed per snapshot.
  let totalBytes: number | undefined;
  const total = (): number => (totalBytes ??= store.chronicle.totalNewBytes());

  const get = (id: string): SnapshotRecord => {
    const snapshot = store.chronicle.get(id);
    if (!snapshot) throw new ParapetError('SNAPSHOT_NOT_FOUND', `no chronicle snapshot with id ${id}`);
    return snapshot;
  };

  let lastPrune = 0;
  const prune = (): void => {
    lastPrune = now().getTime();
    const cutoff = lastPrune - options.maxAgeDays * 86_400_000;
    let removed = 0;
    for (const snapshot of store.chronicle.oldest(10_000)) {
      const tooOld = Date.parse(snapshot.createdAt) < cutoff;
      if (!tooOld && total() <= options.maxBytes) break;
      store.chronicle.remove(snapshot.id);
      totalBytes = total() - snapshot.newBytes;
      awaitingChanges.delete(snapshot.id);
      removed += 1;
    }
    if (removed === 0) return;
    const keep = new Set<string>();
    for (const manifest of store.chronicle.manifests()) {
      keep.add(manifest);
      for (const entry of JSON.parse(blobs.get(manifest).toString('utf8')) as ManifestEntry[]) if (entry.blob) keep.add(entry.blob);
    }
    // A swept blob may be one the identity cache points at: forget it all, files are read afresh.
    cache.clear();
    const freed = blobs.sweep(keep);
    options.logger.info({ removed, freedBytes: freed }, 'chronicle retention removed old snapshots');
  };

  return {
    workspace,
    snapshot(request) {
      const roots = request.scope.kind === 'workspace' ? [workspace] : [...new Set(request.scope.roots)];
      let taken;
      try {
        taken = captureRoots(context, roots);
      } catch (error) {
        if (error instanceof SnapshotError) throw error;
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        throw new SnapshotError(`the chronicle could not keep a copy of what this action may change (${code})`, { cause: error });
      }
      let manifest;
      try {
        manifest = blobs.put(JSON.stringify(taken.entries));
      } catch (error) {
        throw new SnapshotError(`the chronicle could not store its snapshot (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
      }
      const bytesBefore = total();
      const record = store.chronicle.insert({
        id: options.newId(),
        sessionId: request.sessionId,
        actionId: request.actionId,
        toolName: request.toolName,
        scope: request.scope.kind,
        roots: roots.map((root) => relativeName(workspace, root)),
        manifest: manifest.hash,
        newBytes: taken.newBytes + manifest.newBytes,
        createdAt: now().toISOString(),
      });
      totalBytes = bytesBefore + record.newBytes;
      if (awaitingChanges.size >= MAX_AWAITING_CHANGES) awaitingChanges.delete(awaitingChanges.keys().next().value as string);
      awaitingChanges.set(record.id, taken.entries);
      if (total() > options.maxBytes || now().getTime() - lastPrune > AGE_PRUNE_INTERVAL_MS) prune();
      return record;
    },
    recordChanges(snapshot) {
      const kept = awaitingChanges.get(snapshot.id) ?? entriesOf(snapshot);
      awaitingChanges.delete(snapshot.id);
      const before = new Map(kept.map((entry) => [entry.path, entry]));
      const after = new Map(captureRoots(context, rootsOf(workspace, snapshot)).entries.map((entry) => [entry.path, entry]));
      const added: string[] = [];
      const modified: string[] = [];
      const deleted: string[] = [];
      for (const [name, entry] of after) {
        if (entry.kind === 'missing') continue;
        const old = before.get(name);
        if (!old || old.kind === 'missing') added.push(name);
        else if (old.kind !== entry.kind || old.blob !== entry.blob || old.mode !== entry.mode || old.target !== entry.target) modified.push(name);
      }
      for (const [name, entry] of before) {
        if (entry.kind !== 'missing' && (after.get(name)?.kind ?? 'missing') === 'missing') deleted.push(name);
      }
      const changes: ChangeSet = { added, modified, deleted };
      store.chronicle.setChanges(snapshot.id, changes);
      return changes;
    },
    get,
    list: (sessionId) => store.chronicle.list(sessionId === undefined ? {} : { sessionId }),
    entries: entriesOf,
    content: (entry) => {
      if (!entry.blob) throw new ParapetError('INVALID_ARGUMENT', `${entry.path} is not a file in the snapshot`);
      return blobs.get(entry.blob);
    },
    diff(id, onlyPath) {
      const snapshot = get(id);
      const parts: string[] = [];
      for (const entry of entriesOf(snapshot)) {
        if (entry.kind !== 'file' && entry.kind !== 'missing') continue;
        if (!underPath(entry.path, onlyPath)) continue;
        const absolute = path.join(workspace, entry.path);
        const old = entry.kind === 'file' ? blobs.get(entry.blob ?? '') : Buffer.alloc(0);
        const stats = lstatSync(absolute, { throwIfNoEntry: false });
        const current = stats?.isFile() ? readWorkspaceFile(workspace, absolute, stats) : Buffer.alloc(0);
        if (old.equals(current)) continue;
        if (!isText(old) || !isText(current)) {
          parts.push(`Binary file ${entry.path} differs\n`);
          continue;
        }
        parts.push(createTwoFilesPatch(`a/${entry.path}`, `b/${entry.path}`, old.toString('utf8'), current.toString('utf8'), 'snapshot', 'now'));
      }
      return parts.join('');
    },
    prune,
  };
}
