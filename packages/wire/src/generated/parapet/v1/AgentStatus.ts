// Original file: proto/parapet/v1/client.proto


export interface AgentStatus {
  'pid'?: (number);
  'ready'?: (boolean);
  'restarts'?: (number);
  'last_error'?: (string);
  'state'?: (string);
  'degraded'?: (boolean);
  'next_restart_ms'?: (number);
}

export interface AgentStatus__Output {
  'pid': (number);
  'ready': (boolean);
  'restarts': (number);
  'last_error': (string);
  'state': (string);
  'degraded': (boolean);
  'next_restart_ms': (number);
}
