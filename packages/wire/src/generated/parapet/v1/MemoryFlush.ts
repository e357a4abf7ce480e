// Original file: proto/parapet/v1/agent.proto


export interface MemoryFlush {
  'turn_id'?: (string);
  'content'?: (string);
}

export interface MemoryFlush__Output {
  'turn_id': (string);
  'content': (string);
}
