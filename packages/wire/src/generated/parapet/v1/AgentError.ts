// Original file: proto/parapet/v1/agent.proto


export interface AgentError {
  'turn_id'?: (string);
  'code'?: (string);
  'message'?: (string);
  'recoverable'?: (boolean);
}

export interface AgentError__Output {
  'turn_id': (string);
  'code': (string);
  'message': (string);
  'recoverable': (boolean);
}
