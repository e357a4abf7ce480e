// Original file: proto/parapet/v1/client.proto


export interface PolicyGrant {
  'name'?: (string);
  'reason'?: (string);
  'actions'?: (string)[];
  'commands'?: (string)[];
  'paths'?: (string)[];
}

export interface PolicyGrant__Output {
  'name': (string);
  'reason': (string);
  'actions': (string)[];
  'commands': (string)[];
  'paths': (string)[];
}
