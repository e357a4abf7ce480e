import type { ErrorCode } from '@parapet/wire';
import type { ApprovalOutcome } from './types.js';
import { adoptVerdict } from './adopt-verdict.js';
import { halt, proceed, type PipelineDeps, type ProposalContext, type Stage, type StageOutcome } from './types.js';

const REFUSAL_CODES: Readonly<Record<Exclude<ApprovalOutcome, 'approved'>, ErrorCode>> = {
  denied: 'APPROVAL_DENIED',
  expired: 'APPROVAL_TIMEOUT',
  cancelled: 'TURN_CANCELLED',
  capped: 'APPROVAL_DENIED',
};

/**
 * Shield tier 3: an action the Shield escalated waits for a human (only its own turn waits). The
 * human's verdict replaces the escalation; anything but a valid approval of this exact action
 * denies. Verify still runs after an approval: the action and its targets must be unchanged.
 */
export const approveStage: Stage = (context, deps) =>
  // Synchronous unless a human is asked: the pipeline then skips an await for every allowed call.
  context.verdict?.decision === 'ESCALATE' ? askHuman(context, deps) : proceed(context);

async function askHuman(context: ProposalContext, deps: PipelineDeps): Promise<StageOutcome> {
  const { verdict, action, actionHash, targets, tool, proposal } = context;
  if (!verdict || !action || !actionHash || !targets || !tool) return halt('approve', 'INTERNAL', 'approve stage ran before shield');
  if (!deps.approvals) {
    return halt('approve', 'SHIELD_ESCALATED', `needs human approval and none can be given (${verdict.reason}): denied`, context);
  }
  const escalation = context.minTierReason === undefined ? verdict : { ...verdict, reason: `${context.minTierReason}; ${verdict.reason}` };
  const { verdict: human, outcome } = await deps.approvals.ask(
    { sessionId: proposal.sessionId, turnId: proposal.turnId, toolName: tool.name, action, actionHash, escalation, targets },
    proposal.turnSignal,
  );
  const { reason, next } = adoptVerdict(context, deps, action.id, human);
  if (outcome !== 'approved' || human.decision !== 'ALLOW') {
    const code = outcome === 'approved' ? 'APPROVAL_DENIED' : REFUSAL_CODES[outcome];
    return halt('approve', code, `not approved by a human (${reason}): refused`, next);
  }
  return proceed(next);
}
