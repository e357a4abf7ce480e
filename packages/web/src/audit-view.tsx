import { useState } from 'preact/hooks';
import type { VerifyAuditResponse__Output } from '@parapet/wire/messages';
import type { CallError, Connection } from './connection.js';

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
    </section>
  );
}
