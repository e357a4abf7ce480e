// Original file: proto/parapet/v1/client.proto

import type { PolicyGrant as _parapet_v1_PolicyGrant, PolicyGrant__Output as _parapet_v1_PolicyGrant__Output } from '../../parapet/v1/PolicyGrant.js';

export interface PolicyGrantProposal {
  'grant'?: (_parapet_v1_PolicyGrant | null);
  'file'?: (string);
  'diff'?: (string);
  'written'?: (boolean);
}

export interface PolicyGrantProposal__Output {
  'grant': (_parapet_v1_PolicyGrant__Output | null);
  'file': (string);
  'diff': (string);
  'written': (boolean);
}
