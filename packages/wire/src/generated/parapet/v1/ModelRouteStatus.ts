// Original file: proto/parapet/v1/client.proto


export interface ModelRouteStatus {
  'role'?: (string);
  'base_url'?: (string);
  'model'?: (string);
  'state'?: (string);
  'consecutive_failures'?: (number);
  'open_until'?: (string);
  'last_failure'?: (string);
}

export interface ModelRouteStatus__Output {
  'role': (string);
  'base_url': (string);
  'model': (string);
  'state': (string);
  'consecutive_failures': (number);
  'open_until': (string);
  'last_failure': (string);
}
