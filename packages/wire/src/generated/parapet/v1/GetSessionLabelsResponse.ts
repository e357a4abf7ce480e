// Original file: proto/parapet/v1/client.proto

import type { SessionLabel as _parapet_v1_SessionLabel, SessionLabel__Output as _parapet_v1_SessionLabel__Output } from '../../parapet/v1/SessionLabel.js';

export interface GetSessionLabelsResponse {
  'labels'?: (_parapet_v1_SessionLabel)[];
}

export interface GetSessionLabelsResponse__Output {
  'labels': (_parapet_v1_SessionLabel__Output)[];
}
