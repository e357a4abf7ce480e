import type { Verdict } from '@parapet/shield';
import type { PipelineDeps, ProposalContext } from './types.js';

/**
 * The verdict a stage reached (the Shield's, or a human's in its place), as the pipeline keeps it:
 * its reason redacted, told to the turn's clients, and carried by the context from here on.
 */
export function adoptVerdict(
  context: ProposalContext,
  deps: Pick<PipelineDeps, 'redactor' | 'now'>,
  actionId: string,
  verdict: Verdict,
): { readonly reason: string; readonly next: ProposalContext } {
  const reason = deps.redactor.redact(verdict.reason);
  const recorded: Verdict = { ...verdict, reason, ruleIds: [...verdict.ruleIds] };
  context.emit({
    type: 'shield_verdict',
    actionId,
    decision: recorded.decision,
    tier: recorded.tier,
    confidence: recorded.confidence,
    reason,
    ruleIds: recorded.ruleIds,
    latencyUs: recorded.latencyUs,
  });
  return { reason, next: { ...context, verdict: recorded, evaluatedAt: deps.now().toISOString() } };
}
