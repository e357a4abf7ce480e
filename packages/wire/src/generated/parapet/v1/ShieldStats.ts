// Original file: proto/parapet/v1/client.proto

import type { VerdictCount as _parapet_v1_VerdictCount, VerdictCount__Output as _parapet_v1_VerdictCount__Output } from '../../parapet/v1/VerdictCount.js';
import type { TierLatency as _parapet_v1_TierLatency, TierLatency__Output as _parapet_v1_TierLatency__Output } from '../../parapet/v1/TierLatency.js';
import type { RuleCount as _parapet_v1_RuleCount, RuleCount__Output as _parapet_v1_RuleCount__Output } from '../../parapet/v1/RuleCount.js';

export interface ShieldStats {
  'bucket_seconds'?: (number);
  'verdicts'?: (_parapet_v1_VerdictCount)[];
  'latencies'?: (_parapet_v1_TierLatency)[];
  'top_rules'?: (_parapet_v1_RuleCount)[];
  'evaluations'?: (number);
}

export interface ShieldStats__Output {
  'bucket_seconds': (number);
  'verdicts': (_parapet_v1_VerdictCount__Output)[];
  'latencies': (_parapet_v1_TierLatency__Output)[];
  'top_rules': (_parapet_v1_RuleCount__Output)[];
  'evaluations': (number);
}
