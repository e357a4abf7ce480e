// Original file: proto/parapet/v1/client.proto


export interface SubagentChanged {
  'child_session_id'?: (string);
  'child_turn_id'?: (string);
  'parent_call_id'?: (string);
  'depth'?: (number);
  'finished'?: (boolean);
  'error_code'?: (string);
}

export interface SubagentChanged__Output {
  'child_session_id': (string);
  'child_turn_id': (string);
  'parent_call_id': (string);
  'depth': (number);
  'finished': (boolean);
  'error_code': (string);
}
