// Original file: proto/parapet/v1/client.proto


export interface RollbackFailure {
  'path'?: (string);
  'reason'?: (string);
}

export interface RollbackFailure__Output {
  'path': (string);
  'reason': (string);
}
