// Original file: proto/parapet/v1/client.proto


export interface SessionLabel {
  'label'?: (string);
  'source'?: (string);
  'action_id'?: (string);
  'created_at'?: (string);
}

export interface SessionLabel__Output {
  'label': (string);
  'source': (string);
  'action_id': (string);
  'created_at': (string);
}
