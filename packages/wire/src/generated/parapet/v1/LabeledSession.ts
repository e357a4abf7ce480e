// Original file: proto/parapet/v1/client.proto


export interface LabeledSession {
  'session_id'?: (string);
  'labels'?: (string)[];
  'last_labeled_at'?: (string);
}

export interface LabeledSession__Output {
  'session_id': (string);
  'labels': (string)[];
  'last_labeled_at': (string);
}
