// Original file: proto/parapet/v1/client.proto


export interface SessionCreated {
  'title'?: (string);
}

export interface SessionCreated__Output {
  'title': (string);
}
