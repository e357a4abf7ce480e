// Original file: proto/parapet/v1/client.proto


export interface PolicyGrantRequest {
  'approval_id'?: (string);
  'name'?: (string);
  'path_glob'?: (string);
}

export interface PolicyGrantRequest__Output {
  'approval_id': (string);
  'name': (string);
  'path_glob': (string);
}
