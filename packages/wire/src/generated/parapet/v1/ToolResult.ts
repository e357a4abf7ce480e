// Original file: proto/parapet/v1/agent.proto


export interface ToolResult {
  'turn_id'?: (string);
  'call_id'?: (string);
  'content'?: (string);
  'is_error'?: (boolean);
}

export interface ToolResult__Output {
  'turn_id': (string);
  'call_id': (string);
  'content': (string);
  'is_error': (boolean);
}
