// Original file: proto/parapet/v1/client.proto

import type { TraceSpan as _parapet_v1_TraceSpan, TraceSpan__Output as _parapet_v1_TraceSpan__Output } from '../../parapet/v1/TraceSpan.js';

export interface GetTraceResponse {
  'turn_id'?: (string);
  'spans'?: (_parapet_v1_TraceSpan)[];
}

export interface GetTraceResponse__Output {
  'turn_id': (string);
  'spans': (_parapet_v1_TraceSpan__Output)[];
}
