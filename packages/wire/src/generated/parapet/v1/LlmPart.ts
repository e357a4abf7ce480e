// Original file: proto/parapet/v1/agent.proto

import type { ToolCall as _parapet_v1_ToolCall, ToolCall__Output as _parapet_v1_ToolCall__Output } from '../../parapet/v1/ToolCall.js';
import type { LlmFinish as _parapet_v1_LlmFinish, LlmFinish__Output as _parapet_v1_LlmFinish__Output } from '../../parapet/v1/LlmFinish.js';
import type { LlmFailure as _parapet_v1_LlmFailure, LlmFailure__Output as _parapet_v1_LlmFailure__Output } from '../../parapet/v1/LlmFailure.js';

export interface LlmPart {
  'request_id'?: (string);
  'text_delta'?: (string);
  'tool_call'?: (_parapet_v1_ToolCall | null);
  'finish'?: (_parapet_v1_LlmFinish | null);
  'error'?: (_parapet_v1_LlmFailure | null);
  'part'?: "text_delta"|"tool_call"|"finish"|"error";
}

export interface LlmPart__Output {
  'request_id': (string);
  'text_delta'?: (string);
  'tool_call'?: (_parapet_v1_ToolCall__Output | null);
  'finish'?: (_parapet_v1_LlmFinish__Output | null);
  'error'?: (_parapet_v1_LlmFailure__Output | null);
  'part'?: "text_delta"|"tool_call"|"finish"|"error";
}
