import type {
  DiffSnapshotResponse,
  DiffSnapshotResponse__Output,
  GetSessionLabelsResponse,
  GetSessionLabelsResponse__Output,
  ListSnapshotsResponse,
  ListSnapshotsResponse__Output,
  RollbackSnapshotResponse,
  RollbackSnapshotResponse__Output,
  ShowSnapshotResponse,
  ShowSnapshotResponse__Output,
  SnapshotSummary,
  SnapshotSummary__Output,
} from '../index.js';
import type { RollbackView, SessionLabelView, SnapshotDetail, SnapshotView } from './chronicle-api.js';

function snapshotToProto(view: SnapshotView): SnapshotSummary {
  return {
    id: view.id,
    session_id: view.sessionId,
    action_id: view.actionId,
    tool_name: view.toolName,
    scope: view.scope,
    roots: [...view.roots],
    created_at: view.createdAt,
    new_bytes: view.newBytes,
    changes_known: view.changes !== undefined,
    changes: view.changes
      ? { added: [...view.changes.added], modified: [...view.changes.modified], deleted: [...view.changes.deleted] }
      : { added: [], modified: [], deleted: [] },
  };
}

function snapshotFromProto(summary: SnapshotSummary__Output | null): SnapshotView {
  const changes = summary?.changes;
  return {
    id: summary?.id ?? '',
    sessionId: summary?.session_id ?? '',
    actionId: summary?.action_id ?? '',
    toolName: summary?.tool_name ?? '',
    scope: summary?.scope ?? '',
    roots: summary?.roots ?? [],
    createdAt: summary?.created_at ?? '',
    newBytes: summary?.new_bytes ?? 0,
    ...(summary?.changes_known ? { changes: { added: changes?.added ?? [], modified: changes?.modified ?? [], deleted: changes?.deleted ?? [] } } : {}),
  };
}

export const snapshotsToProto = (views: readonly SnapshotView[]): ListSnapshotsResponse => ({ snapshots: views.map(snapshotToProto) });
export const snapshotsFromProto = (response: ListSnapshotsResponse__Output): SnapshotView[] => response.snapshots.map(snapshotFromProto);

export function snapshotDetailToProto(detail: SnapshotDetail): ShowSnapshotResponse {
  return {
    snapshot: snapshotToProto(detail.snapshot),
    entries: detail.entries.map((entry) => ({ path: entry.path, kind: entry.kind, mode: entry.mode, size: entry.size, link_target: entry.linkTarget })),
  };
}

export function snapshotDetailFromProto(response: ShowSnapshotResponse__Output): SnapshotDetail {
  return {
    snapshot: snapshotFromProto(response.snapshot),
    entries: response.entries.map((entry) => ({ path: entry.path, kind: entry.kind, mode: entry.mode, size: entry.size, linkTarget: entry.link_target })),
  };
}

export const diffToProto = (diff: string): DiffSnapshotResponse => ({ unified_diff: diff });
export const diffFromProto = (response: DiffSnapshotResponse__Output): string => response.unified_diff;

export function rollbackToProto(view: RollbackView): RollbackSnapshotResponse {
  return { undo_snapshot_id: view.undoSnapshotId, restored: [...view.restored], removed: [...view.removed], failed: view.failed.map((f) => ({ ...f })) };
}

export function rollbackFromProto(response: RollbackSnapshotResponse__Output): RollbackView {
  return { undoSnapshotId: response.undo_snapshot_id, restored: response.restored, removed: response.removed, failed: response.failed.map((f) => ({ path: f.path, reason: f.reason })) };
}

export function labelsToProto(labels: readonly SessionLabelView[]): GetSessionLabelsResponse {
  return { labels: labels.map((label) => ({ label: label.label, source: label.source, action_id: label.actionId, created_at: label.createdAt })) };
}

export function labelsFromProto(response: GetSessionLabelsResponse__Output): SessionLabelView[] {
  return response.labels.map((label) => ({ label: label.label, source: label.source, actionId: label.action_id, createdAt: label.created_at }));
}
