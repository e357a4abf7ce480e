// Original file: proto/parapet/v1/client.proto


export interface WatchSessionRequest {
  'session_id'?: (string);
}

export interface WatchSessionRequest__Output {
  'session_id': (string);
}
