// Original file: proto/parapet/v1/client.proto


export interface SessionLabeled {
  'label'?: (string);
  'source'?: (string);
  'action_id'?: (string);
}

export interface SessionLabeled__Output {
  'label': (string);
  'source': (string);
  'action_id': (string);
}
