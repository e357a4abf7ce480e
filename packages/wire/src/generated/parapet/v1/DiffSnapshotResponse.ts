// Original file: proto/parapet/v1/client.proto


export interface DiffSnapshotResponse {
  'unified_diff'?: (string);
}

export interface DiffSnapshotResponse__Output {
  'unified_diff': (string);
}
