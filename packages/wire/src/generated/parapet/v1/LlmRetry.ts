// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface LlmRetry {
  'attempt'?: (number);
  'max_retries'?: (number);
  'model'?: (string);
  'code'?: (string);
  'reason'?: (string);
  'delay_ms'?: (number | string | Long);
}

export interface LlmRetry__Output {
  'attempt': (number);
  'max_retries': (number);
  'model': (string);
  'code': (string);
  'reason': (string);
  'delay_ms': (number);
}
