// Original file: proto/parapet/v1/client.proto


export interface SendMessageRequest {
  'session_id'?: (string);
  'text'?: (string);
  'channel'?: (string);
}

export interface SendMessageRequest__Output {
  'session_id': (string);
  'text': (string);
  'channel': (string);
}
