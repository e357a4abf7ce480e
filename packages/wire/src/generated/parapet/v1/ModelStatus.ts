// Original file: proto/parapet/v1/client.proto


export interface ModelStatus {
  'base_url'?: (string);
  'model'?: (string);
  'demo'?: (boolean);
}

export interface ModelStatus__Output {
  'base_url': (string);
  'model': (string);
  'demo': (boolean);
}
