// Original file: proto/parapet/v1/agent.proto

import type { ChatMessage as _parapet_v1_ChatMessage, ChatMessage__Output as _parapet_v1_ChatMessage__Output } from '../../parapet/v1/ChatMessage.js';
import type { WorkspaceFile as _parapet_v1_WorkspaceFile, WorkspaceFile__Output as _parapet_v1_WorkspaceFile__Output } from '../../parapet/v1/WorkspaceFile.js';

export interface Process {
  'turn_id'?: (string);
  'session_id'?: (string);
  'message'?: (string);
  'history'?: (_parapet_v1_ChatMessage)[];
  'context'?: (_parapet_v1_WorkspaceFile)[];
  'max_rounds'?: (number);
  'earlier_summary'?: (string);
  'compact_before'?: (number);
}

export interface Process__Output {
  'turn_id': (string);
  'session_id': (string);
  'message': (string);
  'history': (_parapet_v1_ChatMessage__Output)[];
  'context': (_parapet_v1_WorkspaceFile__Output)[];
  'max_rounds': (number);
  'earlier_summary': (string);
  'compact_before': (number);
}
