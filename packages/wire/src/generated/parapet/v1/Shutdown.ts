// Original file: proto/parapet/v1/agent.proto


export interface Shutdown {
  'reason'?: (string);
}

export interface Shutdown__Output {
  'reason': (string);
}
