// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface WatchRequest {
  'session_id'?: (string);
  'replay'?: (boolean);
  'after_seq'?: (number | string | Long);
}

export interface WatchRequest__Output {
  'session_id': (string);
  'replay': (boolean);
  'after_seq': (number);
}
