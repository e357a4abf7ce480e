// Original file: proto/parapet/v1/client.proto

import type { Approval as _parapet_v1_Approval, Approval__Output as _parapet_v1_Approval__Output } from '../../parapet/v1/Approval.js';

export interface ApprovalResolved {
  'approval'?: (_parapet_v1_Approval | null);
}

export interface ApprovalResolved__Output {
  'approval': (_parapet_v1_Approval__Output | null);
}
