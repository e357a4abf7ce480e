// Original file: proto/parapet/v1/client.proto

import type { Usage as _parapet_v1_Usage, Usage__Output as _parapet_v1_Usage__Output } from '../../parapet/v1/Usage.js';

export interface ResponseCompleteEvent {
  'message_id'?: (string);
  'content'?: (string);
  'thoughts'?: (string);
  'usage'?: (_parapet_v1_Usage | null);
}

export interface ResponseCompleteEvent__Output {
  'message_id': (string);
  'content': (string);
  'thoughts': (string);
  'usage': (_parapet_v1_Usage__Output | null);
}
