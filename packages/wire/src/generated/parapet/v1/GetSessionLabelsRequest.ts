// Original file: proto/parapet/v1/client.proto


export interface GetSessionLabelsRequest {
  'session_id'?: (string);
}

export interface GetSessionLabelsRequest__Output {
  'session_id': (string);
}
