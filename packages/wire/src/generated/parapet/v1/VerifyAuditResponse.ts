// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface VerifyAuditResponse {
  'ok'?: (boolean);
  'rows'?: (number | string | Long);
  'first_bad_row'?: (number | string | Long);
  'problem'?: (string);
}

export interface VerifyAuditResponse__Output {
  'ok': (boolean);
  'rows': (number);
  'first_bad_row': (number);
  'problem': (string);
}
