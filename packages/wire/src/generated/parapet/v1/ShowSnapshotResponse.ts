// Original file: proto/parapet/v1/client.proto

import type { SnapshotSummary as _parapet_v1_SnapshotSummary, SnapshotSummary__Output as _parapet_v1_SnapshotSummary__Output } from '../../parapet/v1/SnapshotSummary.js';
import type { SnapshotEntry as _parapet_v1_SnapshotEntry, SnapshotEntry__Output as _parapet_v1_SnapshotEntry__Output } from '../../parapet/v1/SnapshotEntry.js';

export interface ShowSnapshotResponse {
  'snapshot'?: (_parapet_v1_SnapshotSummary | null);
  'entries'?: (_parapet_v1_SnapshotEntry)[];
}

export interface ShowSnapshotResponse__Output {
  'snapshot': (_parapet_v1_SnapshotSummary__Output | null);
  'entries': (_parapet_v1_SnapshotEntry__Output)[];
}
