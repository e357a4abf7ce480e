// Original file: proto/parapet/v1/client.proto


export interface GetHistoryRequest {
  'session_id'?: (string);
}

export interface GetHistoryRequest__Output {
  'session_id': (string);
}
