// Original file: proto/parapet/v1/agent.proto


export interface ToolProposal {
  'turn_id'?: (string);
  'call_id'?: (string);
  'tool_name'?: (string);
  'arguments_json'?: (string);
}

export interface ToolProposal__Output {
  'turn_id': (string);
  'call_id': (string);
  'tool_name': (string);
  'arguments_json': (string);
}
