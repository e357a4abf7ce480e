// Original file: proto/parapet/v1/client.proto


export interface ModelFailover {
  'from_model'?: (string);
  'to_model'?: (string);
  'reason'?: (string);
}

export interface ModelFailover__Output {
  'from_model': (string);
  'to_model': (string);
  'reason': (string);
}
