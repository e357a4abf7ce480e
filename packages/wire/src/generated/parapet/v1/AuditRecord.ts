// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface AuditRecord {
  'seq'?: (number | string | Long);
  'ts'?: (string);
  'kind'?: (string);
  'session_id'?: (string);
  'action_id'?: (string);
  'data_json'?: (string);
  'prev_hash'?: (string);
  'hash'?: (string);
}

export interface AuditRecord__Output {
  'seq': (number);
  'ts': (string);
  'kind': (string);
  'session_id': (string);
  'action_id': (string);
  'data_json': (string);
  'prev_hash': (string);
  'hash': (string);
}
