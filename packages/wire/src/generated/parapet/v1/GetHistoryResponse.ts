// Original file: proto/parapet/v1/client.proto

import type { SessionSummary as _parapet_v1_SessionSummary, SessionSummary__Output as _parapet_v1_SessionSummary__Output } from '../../parapet/v1/SessionSummary.js';
import type { StoredMessage as _parapet_v1_StoredMessage, StoredMessage__Output as _parapet_v1_StoredMessage__Output } from '../../parapet/v1/StoredMessage.js';

export interface GetHistoryResponse {
  'session'?: (_parapet_v1_SessionSummary | null);
  'messages'?: (_parapet_v1_StoredMessage)[];
  'next_page_token'?: (string);
}

export interface GetHistoryResponse__Output {
  'session': (_parapet_v1_SessionSummary__Output | null);
  'messages': (_parapet_v1_StoredMessage__Output)[];
  'next_page_token': (string);
}
