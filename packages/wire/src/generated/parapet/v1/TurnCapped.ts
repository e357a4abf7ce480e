// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface TurnCapped {
  'tokens_used'?: (number | string | Long);
  'token_cap'?: (number | string | Long);
  'message'?: (string);
}

export interface TurnCapped__Output {
  'tokens_used': (number);
  'token_cap': (number);
  'message': (string);
}
