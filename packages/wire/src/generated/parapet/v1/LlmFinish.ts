// Original file: proto/parapet/v1/agent.proto

import type { Usage as _parapet_v1_Usage, Usage__Output as _parapet_v1_Usage__Output } from '../../parapet/v1/Usage.js';

export interface LlmFinish {
  'reason'?: (string);
  'usage'?: (_parapet_v1_Usage | null);
}

export interface LlmFinish__Output {
  'reason': (string);
  'usage': (_parapet_v1_Usage__Output | null);
}
