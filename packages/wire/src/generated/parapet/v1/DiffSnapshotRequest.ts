// Original file: proto/parapet/v1/client.proto


export interface DiffSnapshotRequest {
  'snapshot_id'?: (string);
  'path'?: (string);
}

export interface DiffSnapshotRequest__Output {
  'snapshot_id': (string);
  'path': (string);
}
