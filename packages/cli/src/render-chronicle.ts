import type { RollbackView, SessionLabelView, SnapshotDetail, SnapshotView } from '@parapet/wire/client';

/* Human renderings of the chronicle; `--json` prints the domain objects instead. */

function changeSummary(snapshot: SnapshotView): string {
  const changes = snapshot.changes;
  if (!changes) return '(not run)';
  const parts = [
    changes.added.length > 0 ? `+${changes.added.length}` : '',
    changes.modified.length > 0 ? `~${changes.modified.length}` : '',
    changes.deleted.length > 0 ? `-${changes.deleted.length}` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : 'no change';
}

export function renderSnapshots(snapshots: readonly SnapshotView[]): string {
  if (snapshots.length === 0) return 'no snapshots yet: the chronicle keeps one before each action that may change the workspace\n';
  const rows = [
    ['ID', 'TAKEN', 'SESSION', 'TOOL', 'CHANGES', 'PATHS'],
    ...snapshots.map((snapshot) => [
      snapshot.id,
      snapshot.createdAt.replace('T', ' ').replace(/(\.\d+)?Z$/u, ''),
      snapshot.sessionId || '-',
      snapshot.toolName,
      changeSummary(snapshot),
      snapshot.roots.join(' '),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n') + '\n';
}

export function renderSnapshotDetail(detail: SnapshotDetail): string {
  const { snapshot } = detail;
  const lines = [`snapshot ${snapshot.id} · ${snapshot.toolName} · session ${snapshot.sessionId || '-'} · ${snapshot.createdAt}`];
  for (const entry of detail.entries) {
    const mode = entry.kind === 'missing' ? '-' : entry.mode.toString(8).padStart(4, '0');
    const size = entry.kind === 'file' ? `${entry.size} bytes` : entry.kind === 'symlink' ? `-> ${entry.linkTarget}` : entry.kind;
    lines.push(`  ${mode}  ${entry.path}  ${size}`);
  }
  const changes = snapshot.changes;
  if (changes) {
    for (const [sign, paths] of [['+', changes.added], ['~', changes.modified], ['-', changes.deleted]] as const) {
      for (const changed of paths) lines.push(`  changed ${sign} ${changed}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function renderRollback(result: RollbackView): string {
  const lines = [
    ...result.restored.map((restored) => `restored ${restored}`),
    ...result.removed.map((removed) => `removed ${removed}`),
    ...result.failed.map((failure) => `NOT restored ${failure.path}: ${failure.reason}`),
  ];
  if (lines.length === 0) lines.push('nothing to do: the workspace already matches the snapshot');
  lines.push(`undo this rollback with: parapet chronicle rollback ${result.undoSnapshotId}`);
  return `${lines.join('\n')}\n`;
}

export function renderLabels(labels: readonly SessionLabelView[]): string {
  if (labels.length === 0) return 'no labels: the session has read nothing yet\n';
  return labels.map((label) => `${label.label.padEnd(9)} ${label.source} (${label.createdAt})`).join('\n') + '\n';
}
