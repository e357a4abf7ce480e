// Original file: proto/parapet/v1/client.proto


export interface ListApprovalsRequest {
  'pending_only'?: (boolean);
  'limit'?: (number);
}

export interface ListApprovalsRequest__Output {
  'pending_only': (boolean);
  'limit': (number);
}
