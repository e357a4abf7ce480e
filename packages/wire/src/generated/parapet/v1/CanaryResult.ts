// Original file: proto/parapet/v1/common.proto


export interface CanaryResult {
  'probe'?: (string);
  'succeeded'?: (boolean);
  'detail'?: (string);
}

export interface CanaryResult__Output {
  'probe': (string);
  'succeeded': (boolean);
  'detail': (string);
}
