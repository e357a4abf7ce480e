// Original file: proto/parapet/v1/client.proto

import type { SnapshotChanges as _parapet_v1_SnapshotChanges, SnapshotChanges__Output as _parapet_v1_SnapshotChanges__Output } from '../../parapet/v1/SnapshotChanges.js';
import type { Long } from '@grpc/proto-loader';

export interface SnapshotSummary {
  'id'?: (string);
  'session_id'?: (string);
  'action_id'?: (string);
  'tool_name'?: (string);
  'scope'?: (string);
  'roots'?: (string)[];
  'created_at'?: (string);
  'new_bytes'?: (number | string | Long);
  'changes_known'?: (boolean);
  'changes'?: (_parapet_v1_SnapshotChanges | null);
}

export interface SnapshotSummary__Output {
  'id': (string);
  'session_id': (string);
  'action_id': (string);
  'tool_name': (string);
  'scope': (string);
  'roots': (string)[];
  'created_at': (string);
  'new_bytes': (number);
  'changes_known': (boolean);
  'changes': (_parapet_v1_SnapshotChanges__Output | null);
}
