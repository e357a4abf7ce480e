// Original file: proto/parapet/v1/agent.proto

import type { CanaryResult as _parapet_v1_CanaryResult, CanaryResult__Output as _parapet_v1_CanaryResult__Output } from '../../parapet/v1/CanaryResult.js';

export interface Ready {
  'token'?: (string);
  'canaries'?: (_parapet_v1_CanaryResult)[];
  'pid'?: (number);
}

export interface Ready__Output {
  'token': (string);
  'canaries': (_parapet_v1_CanaryResult__Output)[];
  'pid': (number);
}
