// Original file: proto/parapet/v1/client.proto


export interface ListSessionsRequest {
  'limit'?: (number);
}

export interface ListSessionsRequest__Output {
  'limit': (number);
}
