// Original file: proto/parapet/v1/client.proto


export interface Approval {
  'id'?: (string);
  'session_id'?: (string);
  'turn_id'?: (string);
  'action_id'?: (string);
  'tool_name'?: (string);
  'action_type'?: (string);
  'action_hash'?: (string);
  'summary'?: (string);
  'diff'?: (string);
  'reason'?: (string);
  'rule_ids'?: (string)[];
  'requested_at'?: (string);
  'expires_at'?: (string);
  'state'?: (string);
  'scope'?: (string);
  'answered_by'?: (string);
  'channel'?: (string);
  'answered_at'?: (string);
}

export interface Approval__Output {
  'id': (string);
  'session_id': (string);
  'turn_id': (string);
  'action_id': (string);
  'tool_name': (string);
  'action_type': (string);
  'action_hash': (string);
  'summary': (string);
  'diff': (string);
  'reason': (string);
  'rule_ids': (string)[];
  'requested_at': (string);
  'expires_at': (string);
  'state': (string);
  'scope': (string);
  'answered_by': (string);
  'channel': (string);
  'answered_at': (string);
}
