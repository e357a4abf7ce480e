import { useEffect, useRef, useState } from 'preact/hooks';
import type {
  DiffSnapshotResponse__Output,
  ListSnapshotsResponse__Output,
  RollbackSnapshotResponse__Output,
  SnapshotSummary__Output,
} from '@parapet/wire/messages';
import type { CallError, Connection } from './connection.js';

const PAGE = 100;

function changeSummary(snapshot: SnapshotSummary__Output): string {
  const changes = snapshot.changes;
  if (!snapshot.changes_known || !changes) return 'not run';
  const parts = [
    changes.added.length > 0 ? `+${changes.added.length} added` : '',
    changes.modified.length > 0 ? `~${changes.modified.length} modified` : '',
    changes.deleted.length > 0 ? `−${changes.deleted.length} deleted` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' · ') : 'no change';
}

/** Snapshot (a/) against the workspace now (b/), its lines marked, as text (never as HTML). */
function Diff({ diff }: { diff: string }) {
  if (diff === '') return <p class="muted">The workspace matches this snapshot: rolling back would change nothing.</p>;
  return (
    <pre class="diff" data-testid="chronicle-diff">
      {diff.split('\n').map((line) => {
        const kind = line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : '';
        return <div class={kind}>{line || ' '}</div>;
      })}
    </pre>
  );
}

function RollbackResult({ result }: { result: RollbackSnapshotResponse__Output }) {
  return (
    <div class={`rollback-result ${result.failed.length > 0 ? 'broken' : 'ok'}`} data-testid="rollback-result" role="status">
      <strong>{result.failed.length > 0 ? 'Rolled back in part.' : 'Rolled back.'}</strong>
      {result.restored.length > 0 ? <div>Restored: {result.restored.join(', ')}</div> : null}
      {result.removed.length > 0 ? <div>Removed: {result.removed.join(', ')}</div> : null}
      {result.failed.map((failure) => (
        <div class="problem">
          {failure.path}: {failure.reason}
        </div>
      ))}
      <div class="muted">
        The workspace was kept first as snapshot <code>{result.undo_snapshot_id}</code>: rolling that back undoes this.
      </div>
    </div>
  );
}

/** One snapshot opened: what differs from the workspace now, and a rollback that asks first. */
function SnapshotDetail({ connection, snapshot, onRolledBack }: { connection: Connection; snapshot: SnapshotSummary__Output; onRolledBack: () => void }) {
  const [diff, setDiff] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RollbackSnapshotResponse__Output | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const confirmRef = useRef<HTMLButtonElement>(null);

  const loadDiff = (): void => {
    connection.call('DiffSnapshot', { snapshotId: snapshot.id }).then(
      (response) => setDiff((response as unknown as DiffSnapshotResponse__Output).unified_diff),
      (error: CallError) => setProblem(`${error.code}: ${error.message}`),
    );
  };
  useEffect(() => {
    setDiff(undefined);
    setConfirming(false);
    setResult(undefined);
    setProblem(undefined);
    loadDiff();
  }, [connection, snapshot.id]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const rollBack = (): void => {
    setBusy(true);
    setProblem(undefined);
    connection
      .call('RollbackSnapshot', { snapshotId: snapshot.id })
      .then(
        (response) => {
          setResult(response as unknown as RollbackSnapshotResponse__Output);
          setConfirming(false);
          loadDiff();
          onRolledBack();
        },
        (error: CallError) => setProblem(`${error.code}: ${error.message}`),
      )
      .finally(() => setBusy(false));
  };

  return (
    <div class="snapshot-detail" data-testid="snapshot-detail">
      <h3>
        Before <code>{snapshot.tool_name}</code> · {new Date(snapshot.created_at).toLocaleString()}
      </h3>
      <div class="muted">
        {snapshot.roots.join(', ') || 'the whole workspace'} · {changeSummary(snapshot)}
      </div>
      <div class="label">Snapshot against the workspace now</div>
      {diff === undefined && !problem ? <p class="muted">Reading…</p> : null}
      {diff !== undefined ? <Diff diff={diff} /> : null}
      {confirming ? (
        <div class="confirm" role="alertdialog" aria-label="Confirm rollback">
          <p>
            Put {snapshot.roots.length > 0 ? snapshot.roots.join(', ') : 'the workspace'} back as it was before this <code>{snapshot.tool_name}</code>? What
            changed since is kept in a new snapshot first, so this can be undone.
          </p>
          <button type="button" class="primary" ref={confirmRef} disabled={busy} onClick={rollBack}>
            {busy ? 'Rolling back…' : 'Yes, roll back'}
          </button>{' '}
          <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} disabled={diff === ''}>
          Roll back…
        </button>
      )}
      {problem ? <p class="problem">{problem}</p> : null}
      {result ? <RollbackResult result={result} /> : null}
    </div>
  );
}

/** The chronicle: a snapshot kept before each action that could change the workspace, newest first. */
export function ChronicleView({ connection }: { connection: Connection }) {
  const [snapshots, setSnapshots] = useState<readonly SnapshotSummary__Output[]>([]);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [loaded, setLoaded] = useState(false);

  const load = (): void => {
    connection.call('ListSnapshots', { limit: PAGE }).then(
      (response) => {
        setSnapshots((response as unknown as ListSnapshotsResponse__Output).snapshots);
        setLoaded(true);
      },
      (error: CallError) => setProblem(`${error.code}: ${error.message}`),
    );
  };
  useEffect(load, [connection]);
  const current = snapshots.find((snapshot) => snapshot.id === selected);

  return (
    <section class="panel chronicle" aria-label="Chronicle">
      <h2>Chronicle</h2>
      <p>Before each action that may change the workspace, the engine keeps what it could change. Open one to see what differs now, and roll it back.</p>
      {problem ? <p class="problem">{problem}</p> : null}
      {loaded && snapshots.length === 0 ? <p class="muted">No snapshots yet.</p> : null}
      <div class="chronicle-body">
        <ul class="snapshots" data-testid="snapshots">
          {snapshots.map((snapshot) => (
            <li key={snapshot.id}>
              <button type="button" class={snapshot.id === selected ? 'current' : ''} aria-pressed={snapshot.id === selected} onClick={() => setSelected(snapshot.id)}>
                <span>
                  <code>{snapshot.tool_name}</code> {snapshot.roots.join(', ')}
                </span>
                <span class="muted">
                  {new Date(snapshot.created_at).toLocaleString()} · {changeSummary(snapshot)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {current ? <SnapshotDetail connection={connection} snapshot={current} onRolledBack={load} /> : null}
      </div>
    </section>
  );
}
