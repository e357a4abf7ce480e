// Original file: proto/parapet/v1/client.proto

import type { AuditRecord as _parapet_v1_AuditRecord, AuditRecord__Output as _parapet_v1_AuditRecord__Output } from '../../parapet/v1/AuditRecord.js';

export interface ListAuditResponse {
  'records'?: (_parapet_v1_AuditRecord)[];
}

export interface ListAuditResponse__Output {
  'records': (_parapet_v1_AuditRecord__Output)[];
}
