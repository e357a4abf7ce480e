// Original file: proto/parapet/v1/client.proto


export interface DeleteSessionResponse {
  'session_id'?: (string);
  'messages_deleted'?: (number);
}

export interface DeleteSessionResponse__Output {
  'session_id': (string);
  'messages_deleted': (number);
}
