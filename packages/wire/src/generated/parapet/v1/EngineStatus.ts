// Original file: proto/parapet/v1/client.proto

import type { Long } from '@grpc/proto-loader';

export interface EngineStatus {
  'pid'?: (number);
  'version'?: (string);
  'uptime_ms'?: (number | string | Long);
  'home'?: (string);
  'workspace'?: (string);
}

export interface EngineStatus__Output {
  'pid': (number);
  'version': (string);
  'uptime_ms': (number);
  'home': (string);
  'workspace': (string);
}
