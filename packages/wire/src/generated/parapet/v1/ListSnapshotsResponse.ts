// Original file: proto/parapet/v1/client.proto

import type { SnapshotSummary as _parapet_v1_SnapshotSummary, SnapshotSummary__Output as _parapet_v1_SnapshotSummary__Output } from '../../parapet/v1/SnapshotSummary.js';

export interface ListSnapshotsResponse {
  'snapshots'?: (_parapet_v1_SnapshotSummary)[];
}

export interface ListSnapshotsResponse__Output {
  'snapshots': (_parapet_v1_SnapshotSummary__Output)[];
}
