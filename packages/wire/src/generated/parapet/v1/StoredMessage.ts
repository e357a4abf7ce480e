// Original file: proto/parapet/v1/client.proto

import type { Usage as _parapet_v1_Usage, Usage__Output as _parapet_v1_Usage__Output } from '../../parapet/v1/Usage.js';

export interface StoredMessage {
  'id'?: (string);
  'role'?: (string);
  'content'?: (string);
  'thoughts'?: (string);
  'usage'?: (_parapet_v1_Usage | null);
  'created_at'?: (string);
  'turn_id'?: (string);
}

export interface StoredMessage__Output {
  'id': (string);
  'role': (string);
  'content': (string);
  'thoughts': (string);
  'usage': (_parapet_v1_Usage__Output | null);
  'created_at': (string);
  'turn_id': (string);
}
