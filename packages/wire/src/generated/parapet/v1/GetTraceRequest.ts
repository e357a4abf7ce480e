// Original file: proto/parapet/v1/client.proto


export interface GetTraceRequest {
  'turn_id'?: (string);
}

export interface GetTraceRequest__Output {
  'turn_id': (string);
}
