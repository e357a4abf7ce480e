// Original file: proto/parapet/v1/agent.proto

import type { Usage as _parapet_v1_Usage, Usage__Output as _parapet_v1_Usage__Output } from '../../parapet/v1/Usage.js';
import type { ChatMessage as _parapet_v1_ChatMessage, ChatMessage__Output as _parapet_v1_ChatMessage__Output } from '../../parapet/v1/ChatMessage.js';

export interface ResponseComplete {
  'turn_id'?: (string);
  'content'?: (string);
  'thoughts'?: (string);
  'usage'?: (_parapet_v1_Usage | null);
  'rounds'?: (number);
  'tool_work'?: (_parapet_v1_ChatMessage)[];
}

export interface ResponseComplete__Output {
  'turn_id': (string);
  'content': (string);
  'thoughts': (string);
  'usage': (_parapet_v1_Usage__Output | null);
  'rounds': (number);
  'tool_work': (_parapet_v1_ChatMessage__Output)[];
}
