// Original file: proto/parapet/v1/client.proto


export interface ActionCompleted {
  'action_id'?: (string);
  'call_id'?: (string);
  'tool_name'?: (string);
  'is_error'?: (boolean);
  'output'?: (string);
  'error_code'?: (string);
}

export interface ActionCompleted__Output {
  'action_id': (string);
  'call_id': (string);
  'tool_name': (string);
  'is_error': (boolean);
  'output': (string);
  'error_code': (string);
}
