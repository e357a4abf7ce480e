// Original file: proto/parapet/v1/common.proto

import type { Long } from '@grpc/proto-loader';

export interface Usage {
  'prompt_tokens'?: (number | string | Long);
  'completion_tokens'?: (number | string | Long);
  'total_tokens'?: (number | string | Long);
}

export interface Usage__Output {
  'prompt_tokens': (number);
  'completion_tokens': (number);
  'total_tokens': (number);
}
