// Original file: proto/parapet/v1/client.proto


export interface GetHistoryRequest {
  'session_id'?: (string);
  'limit'?: (number);
  'page_token'?: (string);
}

export interface GetHistoryRequest__Output {
  'session_id': (string);
  'limit': (number);
  'page_token': (string);
}
