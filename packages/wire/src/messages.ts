// The generated message types alone (no gRPC runtime), for code that only reads messages: the browser.
export type { Event__Output } from './generated/parapet/v1/Event.js';
export type { ActionStarted__Output } from './generated/parapet/v1/ActionStarted.js';
export type { ShieldVerdict__Output } from './generated/parapet/v1/ShieldVerdict.js';
export type { ActionCompleted__Output } from './generated/parapet/v1/ActionCompleted.js';
export type { ListSessionsResponse__Output } from './generated/parapet/v1/ListSessionsResponse.js';
export type { SessionSummary__Output } from './generated/parapet/v1/SessionSummary.js';
export type { GetHistoryResponse__Output } from './generated/parapet/v1/GetHistoryResponse.js';
export type { StoredMessage__Output } from './generated/parapet/v1/StoredMessage.js';
export type { Status__Output } from './generated/parapet/v1/Status.js';
export type { VerifyAuditResponse__Output } from './generated/parapet/v1/VerifyAuditResponse.js';
export type { ListAuditResponse__Output } from './generated/parapet/v1/ListAuditResponse.js';
export type { AuditRecord__Output } from './generated/parapet/v1/AuditRecord.js';
export type { ShieldStats__Output } from './generated/parapet/v1/ShieldStats.js';
