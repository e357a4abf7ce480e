import type { Verdict } from '@parapet/shield';
import type { PipelineDeps, ProposalContext } from './types.js';

/**
 * Stores the Shield's verdict on the action row and its EVALUATED audit row, stamped with the time
 * the Shield answered. Runs inside the caller's store transaction.
 */
export function writeVerdictRows(context: ProposalContext, deps: PipelineDeps): void {
  const { action, verdict } = context;
  if (!action || !verdict) throw new Error('writeVerdictRows: no verdict to record');
  deps.store.actions.recordVerdict(action.id, verdict, context.evaluatedAt);
  appendEvaluated(context, verdict, deps);
}

/** The EVALUATED audit row alone (the caller stores the verdict on the action row). */
export function appendEvaluated(context: ProposalContext, verdict: Verdict, deps: PipelineDeps): void {
  deps.store.audit.append('EVALUATED', {
    ...(context.evaluatedAt !== undefined ? { ts: context.evaluatedAt } : {}),
    sessionId: context.proposal.sessionId,
    ...(context.action ? { actionId: context.action.id } : {}),
    data: {
      decision: verdict.decision,
      tier: verdict.tier,
      confidence: verdict.confidence,
      reason: verdict.reason,
      ruleIds: [...verdict.ruleIds],
      actionHash: verdict.actionHash,
      latencyUs: verdict.latencyUs,
    },
  });
}
