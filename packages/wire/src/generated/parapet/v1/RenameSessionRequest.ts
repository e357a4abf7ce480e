// Original file: proto/parapet/v1/client.proto


export interface RenameSessionRequest {
  'session_id'?: (string);
  'title'?: (string);
}

export interface RenameSessionRequest__Output {
  'session_id': (string);
  'title': (string);
}
