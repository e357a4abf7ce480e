import type { PipelineDeps, ProposalContext } from './types.js';

/**
 * Stores the Shield's verdict on the action row and its EVALUATED audit row, stamped with the time
 * the Shield answered. Runs inside the caller's store transaction.
 */
export function writeVerdictRows(context: ProposalContext, deps: PipelineDeps): void {
  const { action, verdict, proposal } = context;
  if (!action || !verdict) throw new Error('writeVerdictRows: no verdict to record');
  deps.store.actions.recordVerdict(action.id, verdict, context.evaluatedAt);
  deps.store.audit.append('EVALUATED', {
    ...(context.evaluatedAt !== undefined ? { ts: context.evaluatedAt } : {}),
    sessionId: proposal.sessionId,
    actionId: action.id,
    data: {
      decision: verdict.decision,
      tier: verdict.tier,
      confidence: verdict.confidence,
      reason: verdict.reason,
      ruleIds: [...verdict.ruleIds],
      actionHash: verdict.actionHash,
    },
  });
}
