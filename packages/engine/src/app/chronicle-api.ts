import type { Chronicle } from '../chronicle/chronicle.js';
import { rollbackSnapshot, type RollbackDeps } from '../chronicle/rollback.js';
import type { ChronicleApi, SnapshotView } from '@parapet/wire/client';
import type { SnapshotRecord, Store } from '../storage/index.js';

function view(snapshot: SnapshotRecord): SnapshotView {
  return {
    id: snapshot.id,
    sessionId: snapshot.sessionId ?? '',
    actionId: snapshot.actionId ?? '',
    toolName: snapshot.toolName,
    scope: snapshot.scope,
    roots: snapshot.roots,
    createdAt: snapshot.createdAt,
    newBytes: snapshot.newBytes,
    ...(snapshot.changes ? { changes: snapshot.changes } : {}),
  };
}

/** Undo and labels for clients; rollbacks run one at a time, through the executor. */
export function createChronicleApi(deps: { readonly store: Store; readonly chronicle: Chronicle; readonly rollback: RollbackDeps }): ChronicleApi {
  const { store, chronicle } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    listSnapshots: async (sessionId, limit) => store.chronicle.list({ ...(sessionId ? { sessionId } : {}), limit: limit > 0 ? limit : 100 }).map(view),
    showSnapshot: async (id) => {
      const snapshot = chronicle.get(id);
      return {
        snapshot: view(snapshot),
        entries: chronicle.entries(snapshot).map((entry) => ({ path: entry.path, kind: entry.kind, mode: entry.mode, size: entry.size, linkTarget: entry.target ?? '' })),
      };
    },
    diffSnapshot: async (id, path) => chronicle.diff(id, path === '' ? undefined : path),
    rollbackSnapshot: (id, path) => {
      const run = queue.then(() => rollbackSnapshot(deps.rollback, id, path));
      queue = run.catch(() => undefined);
      return run;
    },
    sessionLabels: async (sessionId) => {
      store.sessions.existing(sessionId);
      return store.labels.forSession(sessionId).map((label) => ({ label: label.label, source: label.source, actionId: label.actionId ?? '', createdAt: label.createdAt }));
    },
  };
}
