// Original file: proto/parapet/v1/client.proto


export interface AgentStatus {
  'pid'?: (number);
  'ready'?: (boolean);
  'restarts'?: (number);
  'last_error'?: (string);
}

export interface AgentStatus__Output {
  'pid': (number);
  'ready': (boolean);
  'restarts': (number);
  'last_error': (string);
}
