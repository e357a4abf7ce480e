// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface ListAuditRequest {
  'session_id'?: (string);
  'kind'?: (string);
  'limit'?: (number);
  'before_seq'?: (number | string | Long);
}

export interface ListAuditRequest__Output {
  'session_id': (string);
  'kind': (string);
  'limit': (number);
  'before_seq': (number);
}
