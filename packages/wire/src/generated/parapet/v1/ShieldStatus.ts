// Original file: proto/parapet/v1/client.proto

import type { TierStatus as _parapet_v1_TierStatus, TierStatus__Output as _parapet_v1_TierStatus__Output } from '../../parapet/v1/TierStatus.js';

export interface ShieldStatus {
  'policy'?: (string);
  'tiers'?: (_parapet_v1_TierStatus)[];
}

export interface ShieldStatus__Output {
  'policy': (string);
  'tiers': (_parapet_v1_TierStatus__Output)[];
}
