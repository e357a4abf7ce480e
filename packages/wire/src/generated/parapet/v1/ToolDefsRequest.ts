// Original file: proto/parapet/v1/agent.proto


export interface ToolDefsRequest {
  'turn_id'?: (string);
  'groups'?: (string)[];
  'call_id'?: (string);
  'arguments_json'?: (string);
}

export interface ToolDefsRequest__Output {
  'turn_id': (string);
  'groups': (string)[];
  'call_id': (string);
  'arguments_json': (string);
}
