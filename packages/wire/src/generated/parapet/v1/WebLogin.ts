// Original file: proto/parapet/v1/client.proto


export interface WebLogin {
  'url'?: (string);
  'expires_at'?: (string);
}

export interface WebLogin__Output {
  'url': (string);
  'expires_at': (string);
}
