// Original file: proto/parapet/v1/client.proto

import type { Approval as _parapet_v1_Approval, Approval__Output as _parapet_v1_Approval__Output } from '../../parapet/v1/Approval.js';

export interface ListApprovalsResponse {
  'approvals'?: (_parapet_v1_Approval)[];
}

export interface ListApprovalsResponse__Output {
  'approvals': (_parapet_v1_Approval__Output)[];
}
