// Original file: proto/parapet/v1/client.proto

import type { MessageStored as _parapet_v1_MessageStored, MessageStored__Output as _parapet_v1_MessageStored__Output } from '../../parapet/v1/MessageStored.js';
import type { LlmToken as _parapet_v1_LlmToken, LlmToken__Output as _parapet_v1_LlmToken__Output } from '../../parapet/v1/LlmToken.js';
import type { ActionStarted as _parapet_v1_ActionStarted, ActionStarted__Output as _parapet_v1_ActionStarted__Output } from '../../parapet/v1/ActionStarted.js';
import type { ShieldVerdict as _parapet_v1_ShieldVerdict, ShieldVerdict__Output as _parapet_v1_ShieldVerdict__Output } from '../../parapet/v1/ShieldVerdict.js';
import type { ActionCompleted as _parapet_v1_ActionCompleted, ActionCompleted__Output as _parapet_v1_ActionCompleted__Output } from '../../parapet/v1/ActionCompleted.js';
import type { ResponseCompleteEvent as _parapet_v1_ResponseCompleteEvent, ResponseCompleteEvent__Output as _parapet_v1_ResponseCompleteEvent__Output } from '../../parapet/v1/ResponseCompleteEvent.js';
import type { ErrorEvent as _parapet_v1_ErrorEvent, ErrorEvent__Output as _parapet_v1_ErrorEvent__Output } from '../../parapet/v1/ErrorEvent.js';
import type { SessionCreated as _parapet_v1_SessionCreated, SessionCreated__Output as _parapet_v1_SessionCreated__Output } from '../../parapet/v1/SessionCreated.js';
import type { TurnQueued as _parapet_v1_TurnQueued, TurnQueued__Output as _parapet_v1_TurnQueued__Output } from '../../parapet/v1/TurnQueued.js';
import type { ApprovalRequired as _parapet_v1_ApprovalRequired, ApprovalRequired__Output as _parapet_v1_ApprovalRequired__Output } from '../../parapet/v1/ApprovalRequired.js';
import type { ApprovalResolved as _parapet_v1_ApprovalResolved, ApprovalResolved__Output as _parapet_v1_ApprovalResolved__Output } from '../../parapet/v1/ApprovalResolved.js';
import type { SessionLabeled as _parapet_v1_SessionLabeled, SessionLabeled__Output as _parapet_v1_SessionLabeled__Output } from '../../parapet/v1/SessionLabeled.js';
import type { LlmRetry as _parapet_v1_LlmRetry, LlmRetry__Output as _parapet_v1_LlmRetry__Output } from '../../parapet/v1/LlmRetry.js';
import type { ModelFailover as _parapet_v1_ModelFailover, ModelFailover__Output as _parapet_v1_ModelFailover__Output } from '../../parapet/v1/ModelFailover.js';
import type { TurnCapped as _parapet_v1_TurnCapped, TurnCapped__Output as _parapet_v1_TurnCapped__Output } from '../../parapet/v1/TurnCapped.js';
import type { SubagentChanged as _parapet_v1_SubagentChanged, SubagentChanged__Output as _parapet_v1_SubagentChanged__Output } from '../../parapet/v1/SubagentChanged.js';
import type { HistoryCompactedEvent as _parapet_v1_HistoryCompactedEvent, HistoryCompactedEvent__Output as _parapet_v1_HistoryCompactedEvent__Output } from '../../parapet/v1/HistoryCompactedEvent.js';
import type { Long } from '@grpc/proto-loader';

export interface Event {
  'session_id'?: (string);
  'turn_id'?: (string);
  'seq'?: (number | string | Long);
  'ts'?: (string);
  'message_stored'?: (_parapet_v1_MessageStored | null);
  'llm_token'?: (_parapet_v1_LlmToken | null);
  'action_started'?: (_parapet_v1_ActionStarted | null);
  'shield_verdict'?: (_parapet_v1_ShieldVerdict | null);
  'action_completed'?: (_parapet_v1_ActionCompleted | null);
  'response_complete'?: (_parapet_v1_ResponseCompleteEvent | null);
  'error'?: (_parapet_v1_ErrorEvent | null);
  'session_created'?: (_parapet_v1_SessionCreated | null);
  'turn_queued'?: (_parapet_v1_TurnQueued | null);
  'approval_required'?: (_parapet_v1_ApprovalRequired | null);
  'approval_resolved'?: (_parapet_v1_ApprovalResolved | null);
  'session_labeled'?: (_parapet_v1_SessionLabeled | null);
  'llm_retry'?: (_parapet_v1_LlmRetry | null);
  'model_failover'?: (_parapet_v1_ModelFailover | null);
  'turn_capped'?: (_parapet_v1_TurnCapped | null);
  'subagent'?: (_parapet_v1_SubagentChanged | null);
  'history_compacted'?: (_parapet_v1_HistoryCompactedEvent | null);
  'kind'?: "message_stored"|"llm_token"|"action_started"|"shield_verdict"|"action_completed"|"response_complete"|"error"|"session_created"|"turn_queued"|"approval_required"|"approval_resolved"|"session_labeled"|"llm_retry"|"model_failover"|"turn_capped"|"subagent"|"history_compacted";
}

export interface Event__Output {
  'session_id': (string);
  'turn_id': (string);
  'seq': (number);
  'ts': (string);
  'message_stored'?: (_parapet_v1_MessageStored__Output | null);
  'llm_token'?: (_parapet_v1_LlmToken__Output | null);
  'action_started'?: (_parapet_v1_ActionStarted__Output | null);
  'shield_verdict'?: (_parapet_v1_ShieldVerdict__Output | null);
  'action_completed'?: (_parapet_v1_ActionCompleted__Output | null);
  'response_complete'?: (_parapet_v1_ResponseCompleteEvent__Output | null);
  'error'?: (_parapet_v1_ErrorEvent__Output | null);
  'session_created'?: (_parapet_v1_SessionCreated__Output | null);
  'turn_queued'?: (_parapet_v1_TurnQueued__Output | null);
  'approval_required'?: (_parapet_v1_ApprovalRequired__Output | null);
  'approval_resolved'?: (_parapet_v1_ApprovalResolved__Output | null);
  'session_labeled'?: (_parapet_v1_SessionLabeled__Output | null);
  'llm_retry'?: (_parapet_v1_LlmRetry__Output | null);
  'model_failover'?: (_parapet_v1_ModelFailover__Output | null);
  'turn_capped'?: (_parapet_v1_TurnCapped__Output | null);
  'subagent'?: (_parapet_v1_SubagentChanged__Output | null);
  'history_compacted'?: (_parapet_v1_HistoryCompactedEvent__Output | null);
  'kind'?: "message_stored"|"llm_token"|"action_started"|"shield_verdict"|"action_completed"|"response_complete"|"error"|"session_created"|"turn_queued"|"approval_required"|"approval_resolved"|"session_labeled"|"llm_retry"|"model_failover"|"turn_capped"|"subagent"|"history_compacted";
}
