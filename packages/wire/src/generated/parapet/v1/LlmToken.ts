// Original file: proto/parapet/v1/client.proto


export interface LlmToken {
  'text'?: (string);
}

export interface LlmToken__Output {
  'text': (string);
}
