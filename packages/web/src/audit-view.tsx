import { useEffect, useRef, useState } from 'preact/hooks';
import type { AuditRecord__Output, ListAuditResponse__Output, VerifyAuditResponse__Output } from '@parapet/wire/messages';
import type { CallError, Connection } from './connection.js';

const KINDS = ['', 'PROPOSED', 'EVALUATED', 'EXECUTED', 'FAILED', 'REFUSED', 'TURN_CANCELLED', 'ENGINE_STARTED', 'ENGINE_STOPPED', 'AGENT_STARTED', 'AGENT_CRASHED', 'EXECUTOR_STARTED'];
const PAGE = 100;

/** The chain itself, newest first, filtered by session and kind; "Older" reads on. */
function AuditRows({ connection }: { connection: Connection }) {
  const [sessionId, setSessionId] = useState('');
  const [kind, setKind] = useState('');
  const [rows, setRows] = useState<AuditRecord__Output[]>([]);
  const [more, setMore] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  /** Only the latest request's answer is shown: an earlier filter's late answer is dropped. */
  const latest = useRef(0);
  const load = (beforeSeq: number, previous: AuditRecord__Output[]): void => {
    setProblem(undefined);
    const request = ++latest.current;
    connection.call('ListAudit', { sessionId: sessionId.trim(), kind, limit: PAGE, beforeSeq: String(beforeSeq) }).then(
      (response) => {
        if (request !== latest.current) return;
        const records = (response as unknown as ListAuditResponse__Output).records;
        setRows([...previous, ...records]);
        setMore(records.length === PAGE);
      },
      (error: CallError) => setProblem(`${error.code}: ${error.message}`),
    );
  };
  useEffect(() => load(0, []), [connection, kind]);
  return (
    <div class="audit-rows">
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          load(0, []);
        }}
      >
        <label>
          Session <input value={sessionId} placeholder="any" onInput={(event) => setSessionId((event.target as HTMLInputElement).value)} />
        </label>
        <label>
          Kind{' '}
          <select value={kind} onChange={(event) => setKind((event.target as HTMLSelectElement).value)}>
            {KINDS.map((entry) => (
              <option value={entry}>{entry || 'any'}</option>
            ))}
          </select>
        </label>
        <button type="submit">Filter</button>
      </form>
      {problem ? <p class="problem">{problem}</p> : null}
      <table class="audit-table" data-testid="audit-rows">
        <thead>
          <tr>
            <th>#</th>
            <th>time</th>
            <th>kind</th>
            <th>session</th>
            <th>data</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row.seq)}>
              <td>{String(row.seq)}</td>
              <td>{new Date(row.ts).toLocaleString()}</td>
              <td>{row.kind}</td>
              <td class="mono">{row.session_id ? row.session_id.slice(-8) : '—'}</td>
              <td>
                <details>
                  <summary class="mono">{row.data_json.length > 80 ? `${row.data_json.slice(0, 80)}…` : row.data_json}</summary>
                  <pre>{row.data_json}</pre>
                  <div class="muted mono">hash {row.hash.slice(0, 16)}… · previous {row.prev_hash.slice(0, 16)}…</div>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more ? (
        <button type="button" onClick={() => load(Number(rows.at(-1)?.seq ?? 0), rows)}>
          Older rows
        </button>
      ) : null}
    </div>
  );
}

/** Walks the audit hash chain in the engine and says whether it holds. */
export function AuditView({ connection }: { connection: Connection }) {
  const [result, setResult] = useState<VerifyAuditResponse__Output | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const verify = (): void => {
    setBusy(true);
    setProblem(undefined);
    connection
      .call('VerifyAudit')
      .then(
        (response) => setResult(response as unknown as VerifyAuditResponse__Output),
        (error: CallError) => setProblem(`${error.code}: ${error.message}`),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section class="panel" aria-label="Audit">
      <h2>Audit trail</h2>
      <p>
        Every proposal, verdict and execution is appended to a hash chain: each row carries the hash of the one before. Verify walks the whole
        chain and names the first row that does not match.
      </p>
      <button type="button" class="primary" onClick={verify} disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </button>
      {problem ? <p class="problem">{problem}</p> : null}
      {result ? (
        <p class={`verify-result ${result.ok ? 'ok' : 'broken'}`} data-testid="verify-result" role="status">
          {result.ok
            ? `Intact: ${result.rows} rows, every hash matches.`
            : `BROKEN at row ${result.first_bad_row} of ${result.rows}: ${result.problem}`}
        </p>
      ) : null}
      <AuditRows connection={connection} />
    </section>
  );
}
