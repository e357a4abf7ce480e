// Original file: proto/parapet/v1/agent.proto


export interface Cancel {
  'turn_id'?: (string);
  'reason'?: (string);
}

export interface Cancel__Output {
  'turn_id': (string);
  'reason': (string);
}
