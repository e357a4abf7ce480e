// Original file: proto/parapet/v1/client.proto


export interface RuleCount {
  'rule_id'?: (string);
  'count'?: (number);
}

export interface RuleCount__Output {
  'rule_id': (string);
  'count': (number);
}
