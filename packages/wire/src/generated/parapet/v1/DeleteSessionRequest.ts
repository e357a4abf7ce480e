// Original file: proto/parapet/v1/client.proto


export interface DeleteSessionRequest {
  'session_id'?: (string);
}

export interface DeleteSessionRequest__Output {
  'session_id': (string);
}
