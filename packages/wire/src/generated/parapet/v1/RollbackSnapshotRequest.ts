// Original file: proto/parapet/v1/client.proto


export interface RollbackSnapshotRequest {
  'snapshot_id'?: (string);
  'path'?: (string);
}

export interface RollbackSnapshotRequest__Output {
  'snapshot_id': (string);
  'path': (string);
}
