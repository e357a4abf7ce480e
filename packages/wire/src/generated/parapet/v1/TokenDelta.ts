// Original file: proto/parapet/v1/agent.proto


export interface TokenDelta {
  'turn_id'?: (string);
  'text'?: (string);
}

export interface TokenDelta__Output {
  'turn_id': (string);
  'text': (string);
}
