// Original file: proto/parapet/v1/client.proto

import type { SessionSummary as _parapet_v1_SessionSummary, SessionSummary__Output as _parapet_v1_SessionSummary__Output } from '../../parapet/v1/SessionSummary.js';

export interface ListSessionsResponse {
  'sessions'?: (_parapet_v1_SessionSummary)[];
}

export interface ListSessionsResponse__Output {
  'sessions': (_parapet_v1_SessionSummary__Output)[];
}
