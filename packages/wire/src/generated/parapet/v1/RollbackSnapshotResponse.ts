// Original file: proto/parapet/v1/client.proto

import type { RollbackFailure as _parapet_v1_RollbackFailure, RollbackFailure__Output as _parapet_v1_RollbackFailure__Output } from '../../parapet/v1/RollbackFailure.js';

export interface RollbackSnapshotResponse {
  'undo_snapshot_id'?: (string);
  'restored'?: (string)[];
  'removed'?: (string)[];
  'failed'?: (_parapet_v1_RollbackFailure)[];
}

export interface RollbackSnapshotResponse__Output {
  'undo_snapshot_id': (string);
  'restored': (string)[];
  'removed': (string)[];
  'failed': (_parapet_v1_RollbackFailure__Output)[];
}
