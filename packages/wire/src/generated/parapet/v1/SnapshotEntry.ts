// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface SnapshotEntry {
  'path'?: (string);
  'kind'?: (string);
  'mode'?: (number);
  'size'?: (number | string | Long);
  'link_target'?: (string);
}

export interface SnapshotEntry__Output {
  'path': (string);
  'kind': (string);
  'mode': (number);
  'size': (number);
  'link_target': (string);
}
