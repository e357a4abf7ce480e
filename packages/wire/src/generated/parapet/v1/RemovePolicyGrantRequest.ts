// Original file: proto/parapet/v1/client.proto


export interface RemovePolicyGrantRequest {
  'name'?: (string);
}

export interface RemovePolicyGrantRequest__Output {
  'name': (string);
}
