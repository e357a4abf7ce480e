// Original file: proto/parapet/v1/agent.proto

import type { Ready as _parapet_v1_Ready, Ready__Output as _parapet_v1_Ready__Output } from '../../parapet/v1/Ready.js';
import type { LlmRequest as _parapet_v1_LlmRequest, LlmRequest__Output as _parapet_v1_LlmRequest__Output } from '../../parapet/v1/LlmRequest.js';
import type { TokenDelta as _parapet_v1_TokenDelta, TokenDelta__Output as _parapet_v1_TokenDelta__Output } from '../../parapet/v1/TokenDelta.js';
import type { ToolProposal as _parapet_v1_ToolProposal, ToolProposal__Output as _parapet_v1_ToolProposal__Output } from '../../parapet/v1/ToolProposal.js';
import type { ToolDefsRequest as _parapet_v1_ToolDefsRequest, ToolDefsRequest__Output as _parapet_v1_ToolDefsRequest__Output } from '../../parapet/v1/ToolDefsRequest.js';
import type { MemoryFlush as _parapet_v1_MemoryFlush, MemoryFlush__Output as _parapet_v1_MemoryFlush__Output } from '../../parapet/v1/MemoryFlush.js';
import type { ResponseComplete as _parapet_v1_ResponseComplete, ResponseComplete__Output as _parapet_v1_ResponseComplete__Output } from '../../parapet/v1/ResponseComplete.js';
import type { AgentError as _parapet_v1_AgentError, AgentError__Output as _parapet_v1_AgentError__Output } from '../../parapet/v1/AgentError.js';
import type { HistoryCompacted as _parapet_v1_HistoryCompacted, HistoryCompacted__Output as _parapet_v1_HistoryCompacted__Output } from '../../parapet/v1/HistoryCompacted.js';

export interface AgentEvent {
  'ready'?: (_parapet_v1_Ready | null);
  'llm_request'?: (_parapet_v1_LlmRequest | null);
  'token_delta'?: (_parapet_v1_TokenDelta | null);
  'tool_proposal'?: (_parapet_v1_ToolProposal | null);
  'tool_defs_request'?: (_parapet_v1_ToolDefsRequest | null);
  'memory_flush'?: (_parapet_v1_MemoryFlush | null);
  'response_complete'?: (_parapet_v1_ResponseComplete | null);
  'agent_error'?: (_parapet_v1_AgentError | null);
  'history_compacted'?: (_parapet_v1_HistoryCompacted | null);
  'event'?: "ready"|"llm_request"|"token_delta"|"tool_proposal"|"tool_defs_request"|"memory_flush"|"response_complete"|"agent_error"|"history_compacted";
}

export interface AgentEvent__Output {
  'ready'?: (_parapet_v1_Ready__Output | null);
  'llm_request'?: (_parapet_v1_LlmRequest__Output | null);
  'token_delta'?: (_parapet_v1_TokenDelta__Output | null);
  'tool_proposal'?: (_parapet_v1_ToolProposal__Output | null);
  'tool_defs_request'?: (_parapet_v1_ToolDefsRequest__Output | null);
  'memory_flush'?: (_parapet_v1_MemoryFlush__Output | null);
  'response_complete'?: (_parapet_v1_ResponseComplete__Output | null);
  'agent_error'?: (_parapet_v1_AgentError__Output | null);
  'history_compacted'?: (_parapet_v1_HistoryCompacted__Output | null);
  'event'?: "ready"|"llm_request"|"token_delta"|"tool_proposal"|"tool_defs_request"|"memory_flush"|"response_complete"|"agent_error"|"history_compacted";
}
