import { ParapetError } from '../parapet-error.js';
import type {
  Approval,
  Approval__Output,
  ListApprovalsResponse,
  ListApprovalsResponse__Output,
  ResolveApprovalRequest__Output,
} from '../index.js';
import type { ApprovalView } from './events.js';
import type { ApprovalDecisionInput } from './client-api.js';

/* Approvals between the generated proto types and the domain types (see convert.ts). */

export function approvalToProto(approval: ApprovalView): Approval {
  return {
    id: approval.id,
    session_id: approval.sessionId,
    turn_id: approval.turnId,
    action_id: approval.actionId,
    tool_name: approval.toolName,
    action_type: approval.actionType,
    action_hash: approval.actionHash,
    summary: approval.summary,
    diff: approval.diff,
    reason: approval.reason,
    rule_ids: [...approval.ruleIds],
    requested_at: approval.requestedAt,
    expires_at: approval.expiresAt,
    state: approval.state,
    scope: approval.scope,
    answered_by: approval.answeredBy,
    channel: approval.channel,
    answered_at: approval.answeredAt,
  };
}

export function approvalFromProto(approval: Approval__Output | null | undefined): ApprovalView {
  if (!approval) throw new ParapetError('INTERNAL', 'the engine sent an approval event without its approval');
  return {
    id: approval.id,
    sessionId: approval.session_id,
    turnId: approval.turn_id,
    actionId: approval.action_id,
    toolName: approval.tool_name,
    actionType: approval.action_type,
    actionHash: approval.action_hash,
    summary: approval.summary,
    diff: approval.diff,
    reason: approval.reason,
    ruleIds: approval.rule_ids,
    requestedAt: approval.requested_at,
    expiresAt: approval.expires_at,
    state: approval.state,
    scope: approval.scope,
    answeredBy: approval.answered_by,
    channel: approval.channel,
    answeredAt: approval.answered_at,
  };
}

export function approvalsToProto(approvals: readonly ApprovalView[]): ListApprovalsResponse {
  return { approvals: approvals.map(approvalToProto) };
}

export function approvalsFromProto(response: ListApprovalsResponse__Output): ApprovalView[] {
  return response.approvals.map(approvalFromProto);
}

/** A ResolveApproval request as it arrived; validation narrows it. */
export interface RawApprovalDecision {
  readonly approvalId: string;
  readonly actionHash: string;
  readonly decision: string;
  readonly scope: string;
  readonly channel: string;
  readonly answeredBy: string;
}

export function decisionFromProto(request: ResolveApprovalRequest__Output): RawApprovalDecision {
  return {
    approvalId: request.approval_id,
    actionHash: request.action_hash,
    decision: request.decision,
    scope: request.scope,
    channel: request.channel,
    answeredBy: request.answered_by,
  };
}

export function decisionToProto(decision: ApprovalDecisionInput) {
  return {
    approval_id: decision.approvalId,
    action_hash: decision.actionHash,
    decision: decision.approve ? 'approve' : 'deny',
    scope: decision.scope,
    channel: decision.channel,
    answered_by: decision.answeredBy,
  };
}
