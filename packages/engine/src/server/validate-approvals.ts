import { ParapetError, echoInput } from '@parapet/wire';
import type { ApprovalDecisionInput, Channel, WatchInput, RawApprovalDecision } from '@parapet/wire/client';
import { validateSessionId } from './validate-request.js';

const APPROVAL_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
const ACTION_HASH_PATTERN = /^[0-9a-f]{64}$/;
const MAX_ANSWERED_BY_CHARS = 128;
const MAX_APPROVALS_PAGE = 500;
const CHANNELS: readonly Channel[] = ['cli', 'web', 'telegram'];

function invalid(message: string): ParapetError {
  return new ParapetError('INVALID_ARGUMENT', message);
}

export function validateDecision(raw: RawApprovalDecision): ApprovalDecisionInput {
  if (!APPROVAL_ID_PATTERN.test(raw.approvalId)) throw invalid('approval_id must be 1–64 letters, digits, "-" or "_"');
  if (!ACTION_HASH_PATTERN.test(raw.actionHash)) throw invalid('action_hash must be the 64 hex digits of the action hash being answered');
  if (raw.decision !== 'approve' && raw.decision !== 'deny') throw invalid(`decision must be approve or deny, not ${echoInput(raw.decision, 40)}`);
  const scope = raw.scope === '' ? 'once' : raw.scope;
  if (scope !== 'once' && scope !== 'session') throw invalid(`scope must be once or session, not ${echoInput(raw.scope, 40)}`);
  const channel = raw.channel === '' ? 'cli' : raw.channel;
  if (!(CHANNELS as readonly string[]).includes(channel)) throw invalid(`unknown channel ${echoInput(channel, 40)} (expected ${CHANNELS.join(', ')})`);
  return {
    approvalId: raw.approvalId,
    actionHash: raw.actionHash,
    approve: raw.decision === 'approve',
    scope,
    channel: channel as Channel,
    answeredBy: raw.answeredBy.slice(0, MAX_ANSWERED_BY_CHARS),
  };
}

export function validateWatch(request: { session_id: string; replay: boolean; after_seq: number | string }): WatchInput {
  const afterSeq = Number(request.after_seq);
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) throw invalid('after_seq must be a non-negative integer');
  if (request.session_id === '') {
    if (request.replay) throw invalid('replay needs a session_id (the approvals watch starts with what is pending)');
    return {};
  }
  const sessionId = validateSessionId(request.session_id);
  return request.replay ? { sessionId, afterSeq } : { sessionId };
}

export function validateApprovalsLimit(limit: number): number {
  if (limit === 0) return 50;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_APPROVALS_PAGE) throw invalid(`limit must be between 1 and ${MAX_APPROVALS_PAGE}`);
  return limit;
}
