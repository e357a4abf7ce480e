import { useEffect, useState } from 'preact/hooks';
import type { Approval__Output, ResolveApprovalResponse__Output } from '@parapet/wire/messages';
import type { CallError, Connection } from './connection.js';

type Answer = { readonly decision: 'approve' | 'deny'; readonly scope: 'once' | 'session' };

const ENDINGS: Readonly<Record<string, string>> = {
  approved: 'Approved',
  denied: 'Denied',
  expired: 'Expired — no answer in time, so it was denied',
  cancelled: 'Cancelled — its turn ended first',
};

/** Seconds left until `expiresAt`, ticking once a second while the card waits. */
function useSecondsLeft(expiresAt: string, ticking: boolean): number {
  const left = (): number => Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!ticking) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt, ticking]);
  return seconds;
}

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A unified diff with its added and removed lines marked, as text (never as HTML). */
function Diff({ diff }: { diff: string }) {
  return (
    <pre class="diff" data-testid="approval-diff">
      {diff.split('\n').map((line) => {
        const kind = line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : '';
        return <div class={kind}>{line || ' '}</div>;
      })}
    </pre>
  );
}

function ending(approval: Approval__Output): string {
  const how = ENDINGS[approval.state] ?? approval.state;
  const scope = approval.state === 'approved' ? (approval.scope === 'session' ? ' for this session' : ' once') : '';
  const who = approval.answered_by ? ` by ${approval.answered_by}` : '';
  const where = approval.channel ? ` (${approval.channel})` : '';
  return approval.state === 'approved' || approval.state === 'denied' ? `${how}${scope}${who}${where}` : how;
}

/**
 * What the Shield asks a human (tier 3): what will happen, the change for a write, why it asks,
 * and the three answers. The answer carries the action hash shown here, so it approves this exact
 * action and nothing else. An answer from another client (CLI, Telegram) updates the card.
 */
export function ApprovalCard({ connection, approval, onAnswered }: { connection: Connection; approval: Approval__Output; onAnswered: (approval: Approval__Output) => void }) {
  const pending = approval.state === 'pending';
  const seconds = useSecondsLeft(approval.expires_at, pending);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const answer = ({ decision, scope }: Answer): void => {
    setBusy(true);
    setProblem(undefined);
    connection
      .call('ResolveApproval', { approvalId: approval.id, actionHash: approval.action_hash, decision, scope })
      .then(
        (response) => {
          const answered = (response as unknown as ResolveApprovalResponse__Output).approval;
          if (answered) onAnswered(answered);
        },
        (error: CallError) => setProblem(`${error.code}: ${error.message}`),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section class={`approval ${approval.state}`} data-testid="approval-card" data-state={approval.state} aria-label={`Approval ${approval.id}`}>
      <div class="approval-head">
        <span class="badge escalate">NEEDS YOUR ANSWER</span>
        <code class="tool">{approval.tool_name}</code>
        {pending ? (
          <span class="countdown" data-testid="approval-countdown" title={`denied at ${new Date(approval.expires_at).toLocaleTimeString()} without an answer`}>
            {seconds > 0 ? `${clock(seconds)} left` : 'timing out…'}
          </span>
        ) : null}
      </div>
      <div class="label">What will happen</div>
      <div class="approval-summary">{approval.summary}</div>
      {approval.diff ? (
        <>
          <div class="label">Change</div>
          <Diff diff={approval.diff} />
        </>
      ) : null}
      <div class="label">Why the Shield asks</div>
      <div class="reason">
        {approval.reason}
        {approval.rule_ids.length > 0 ? <> · rules {approval.rule_ids.join(', ')}</> : null}
      </div>
      {pending ? (
        <div class="approval-answers">
          <button type="button" class="primary" disabled={busy} onClick={() => answer({ decision: 'approve', scope: 'once' })}>
            Approve once
          </button>
          <button type="button" disabled={busy} onClick={() => answer({ decision: 'approve', scope: 'session' })}>
            Approve for this session
          </button>
          <button type="button" class="deny" disabled={busy} onClick={() => answer({ decision: 'deny', scope: 'once' })}>
            Deny
          </button>
        </div>
      ) : (
        <div class="approval-ending" data-testid="approval-ending" role="status">
          {ending(approval)}
        </div>
      )}
      {problem ? <p class="problem">{problem}</p> : null}
    </section>
  );
}
