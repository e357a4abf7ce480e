// Original file: proto/parapet/v1/client.proto


export interface TierStatus {
  'tier'?: (number);
  'name'?: (string);
  'available'?: (boolean);
  'detail'?: (string);
}

export interface TierStatus__Output {
  'tier': (number);
  'name': (string);
  'available': (boolean);
  'detail': (string);
}
