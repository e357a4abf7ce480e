// Original file: proto/parapet/v1/agent.proto


export interface LlmFailure {
  'code'?: (string);
  'message'?: (string);
  'retryable'?: (boolean);
}

export interface LlmFailure__Output {
  'code': (string);
  'message': (string);
  'retryable': (boolean);
}
