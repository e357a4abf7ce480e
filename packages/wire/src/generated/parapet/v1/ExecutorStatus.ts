// Original file: proto/parapet/v1/client.proto


export interface ExecutorStatus {
  'pid'?: (number);
  'ready'?: (boolean);
  'restarts'?: (number);
  'last_error'?: (string);
}

export interface ExecutorStatus__Output {
  'pid': (number);
  'ready': (boolean);
  'restarts': (number);
  'last_error': (string);
}
