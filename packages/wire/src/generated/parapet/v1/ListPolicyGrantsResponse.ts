// Original file: proto/parapet/v1/client.proto

import type { PolicyGrant as _parapet_v1_PolicyGrant, PolicyGrant__Output as _parapet_v1_PolicyGrant__Output } from '../../parapet/v1/PolicyGrant.js';

export interface ListPolicyGrantsResponse {
  'grants'?: (_parapet_v1_PolicyGrant)[];
  'file'?: (string);
}

export interface ListPolicyGrantsResponse__Output {
  'grants': (_parapet_v1_PolicyGrant__Output)[];
  'file': (string);
}
