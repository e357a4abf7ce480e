// Original file: proto/parapet/v1/client.proto


export interface ErrorEvent {
  'code'?: (string);
  'message'?: (string);
  'retryable'?: (boolean);
}

export interface ErrorEvent__Output {
  'code': (string);
  'message': (string);
  'retryable': (boolean);
}
