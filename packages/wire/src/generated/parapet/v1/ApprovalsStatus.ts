// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface ApprovalsStatus {
  'enabled'?: (boolean);
  'channels'?: (string)[];
  'pending'?: (number);
  'timeout_ms'?: (number | string | Long);
  'hourly_cap'?: (number);
  'watchers'?: (number);
}

export interface ApprovalsStatus__Output {
  'enabled': (boolean);
  'channels': (string)[];
  'pending': (number);
  'timeout_ms': (number);
  'hourly_cap': (number);
  'watchers': (number);
}
