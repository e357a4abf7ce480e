// Original file: proto/parapet/v1/client.proto


export interface MessageStored {
  'message_id'?: (string);
  'role'?: (string);
}

export interface MessageStored__Output {
  'message_id': (string);
  'role': (string);
}
