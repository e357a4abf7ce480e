import { durationMs, type ActionView } from './turn-items.js';

/** The Shield's decision, or REFUSED for a call stopped before the Shield (bad arguments, protected path). */
function badgeOf(action: ActionView): { readonly label: string; readonly className: string } {
  const decision = action.verdict?.decision;
  if (decision === 'ALLOW') return { label: 'ALLOW', className: 'allow' };
  if (decision === 'BLOCK') return { label: 'BLOCK', className: 'block' };
  if (decision === 'ESCALATE') return { label: 'ESCALATE', className: 'escalate' };
  if (action.completed?.is_error) return { label: 'REFUSED', className: 'block' };
  return { label: '…', className: 'pending' };
}

function prettyArguments(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

function outcomeLabel(action: ActionView): string {
  if (!action.completed) return action.verdict ? 'running…' : 'checking…';
  return action.completed.is_error ? `refused or failed (${action.completed.error_code || 'error'})` : 'done';
}

/** One tool call in the conversation: what the agent asked, what the Shield said, what happened. */
export function ActionCard({ action, collapsed }: { action: ActionView; collapsed: boolean }) {
  const { started, verdict, completed } = action;
  const took = durationMs(action.startedAt, action.completedAt);
  const badge = badgeOf(action);
  const summary = (
    <span class="action-summary">
      <span class={`badge ${badge.className}`}>{badge.label}</span>
      <code class="tool">{started.tool_name}</code>
      <span class="outcome">{outcomeLabel(action)}</span>
      {took !== undefined ? <span class="muted">{took} ms</span> : null}
    </span>
  );
  return (
    <details class={`action ${completed?.is_error ? 'failed' : ''}`} open={!collapsed} data-testid="action">
      <summary>{summary}</summary>
      <div class="action-body">
        <div class="label">Arguments (redacted)</div>
        <pre class="arguments">{prettyArguments(started.arguments_json)}</pre>
        {verdict ? (
          <div class="verdict" data-testid="verdict">
            <div class="label">Shield</div>
            <div>
              <strong>{verdict.decision}</strong> at tier {verdict.tier} · {(Number(verdict.latency_us) / 1000).toFixed(2)} ms
              {verdict.rule_ids.length > 0 ? <> · rules {verdict.rule_ids.join(', ')}</> : null}
            </div>
            {verdict.reason ? <div class="reason">{verdict.reason}</div> : null}
          </div>
        ) : null}
        {completed ? (
          <>
            <div class="label">Result{completed.is_error ? ` (${completed.error_code})` : ''}</div>
            <pre class="output">{completed.output || '(empty)'}</pre>
          </>
        ) : null}
      </div>
    </details>
  );
}
