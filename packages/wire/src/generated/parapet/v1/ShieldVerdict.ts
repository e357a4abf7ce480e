// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface ShieldVerdict {
  'action_id'?: (string);
  'decision'?: (string);
  'tier'?: (number);
  'confidence'?: (number | string);
  'reason'?: (string);
  'rule_ids'?: (string)[];
  'latency_us'?: (number | string | Long);
}

export interface ShieldVerdict__Output {
  'action_id': (string);
  'decision': (string);
  'tier': (number);
  'confidence': (number);
  'reason': (string);
  'rule_ids': (string)[];
  'latency_us': (number);
}
