// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface TierLatency {
  'tier'?: (number);
  'count'?: (number);
  'p50_us'?: (number | string | Long);
  'p90_us'?: (number | string | Long);
  'p99_us'?: (number | string | Long);
}

export interface TierLatency__Output {
  'tier': (number);
  'count': (number);
  'p50_us': (number);
  'p90_us': (number);
  'p99_us': (number);
}
