// Original file: proto/parapet/v1/client.proto


export interface ResolveApprovalRequest {
  'approval_id'?: (string);
  'action_hash'?: (string);
  'decision'?: (string);
  'scope'?: (string);
  'channel'?: (string);
  'answered_by'?: (string);
}

export interface ResolveApprovalRequest__Output {
  'approval_id': (string);
  'action_hash': (string);
  'decision': (string);
  'scope': (string);
  'channel': (string);
  'answered_by': (string);
}
