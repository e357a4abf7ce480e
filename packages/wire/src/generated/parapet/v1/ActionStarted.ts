// Original file: proto/parapet/v1/client.proto


export interface ActionStarted {
  'action_id'?: (string);
  'call_id'?: (string);
  'tool_name'?: (string);
  'action_type'?: (string);
  'arguments_json'?: (string);
  'action_hash'?: (string);
}

export interface ActionStarted__Output {
  'action_id': (string);
  'call_id': (string);
  'tool_name': (string);
  'action_type': (string);
  'arguments_json': (string);
  'action_hash': (string);
}
