// Original file: proto/parapet/v1/common.proto

import type { ToolCall as _parapet_v1_ToolCall, ToolCall__Output as _parapet_v1_ToolCall__Output } from '../../parapet/v1/ToolCall.js';

export interface ChatMessage {
  'role'?: (string);
  'content'?: (string);
  'tool_calls'?: (_parapet_v1_ToolCall)[];
  'tool_call_id'?: (string);
}

export interface ChatMessage__Output {
  'role': (string);
  'content': (string);
  'tool_calls': (_parapet_v1_ToolCall__Output)[];
  'tool_call_id': (string);
}
