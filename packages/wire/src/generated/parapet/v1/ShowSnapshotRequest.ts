// Original file: proto/parapet/v1/client.proto


export interface ShowSnapshotRequest {
  'snapshot_id'?: (string);
}

export interface ShowSnapshotRequest__Output {
  'snapshot_id': (string);
}
