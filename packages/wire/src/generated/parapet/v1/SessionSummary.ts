// Original file: proto/parapet/v1/client.proto


export interface SessionSummary {
  'id'?: (string);
  'title'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'message_count'?: (number);
}

export interface SessionSummary__Output {
  'id': (string);
  'title': (string);
  'created_at': (string);
  'updated_at': (string);
  'message_count': (number);
}
