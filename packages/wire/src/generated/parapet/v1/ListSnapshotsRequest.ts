// Original file: proto/parapet/v1/client.proto


export interface ListSnapshotsRequest {
  'session_id'?: (string);
  'limit'?: (number);
}

export interface ListSnapshotsRequest__Output {
  'session_id': (string);
  'limit': (number);
}
