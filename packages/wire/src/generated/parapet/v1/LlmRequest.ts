// Original file: proto/parapet/v1/agent.proto

import type { ChatMessage as _parapet_v1_ChatMessage, ChatMessage__Output as _parapet_v1_ChatMessage__Output } from '../../parapet/v1/ChatMessage.js';
import type { ToolDef as _parapet_v1_ToolDef, ToolDef__Output as _parapet_v1_ToolDef__Output } from '../../parapet/v1/ToolDef.js';

export interface LlmRequest {
  'turn_id'?: (string);
  'request_id'?: (string);
  'messages'?: (_parapet_v1_ChatMessage)[];
  'tools'?: (_parapet_v1_ToolDef)[];
}

export interface LlmRequest__Output {
  'turn_id': (string);
  'request_id': (string);
  'messages': (_parapet_v1_ChatMessage__Output)[];
  'tools': (_parapet_v1_ToolDef__Output)[];
}
