// The ClientService in domain types, and the one codec between them and the generated messages:
// the engine's servers encode with it, every client (CLI, web server, tests) decodes with it.
export type { ApprovalView, EngineEvent, EventBody, EventEnvelope, EventType, TokenUsage, VerdictDecision } from './events.js';
export { oneLine, turnNotice } from './turn-notice.js';
export type {
  ApprovalDecisionInput,
  ApprovalsSnapshot,
  AuditPageRequest,
  AuditRecord,
  AuditVerification,
  CanaryProbe,
  Channel,
  ClientApi,
  CommandSnapshot,
  EngineStatusSnapshot,
  EventStreamHooks,
  EventStreamItem,
  HistoryMessage,
  HistoryPageRequest,
  LabeledSessionSnapshot,
  ModelRouteStatusSnapshot,
  SandboxMode,
  SandboxSnapshot,
  SendMessageInput,
  SessionHistory,
  SessionSummary,
  ShieldStats,
  ShieldTierSnapshot,
  TelegramStatusSnapshot,
  WatchInput,
  WebLoginLink,
} from './client-api.js';
export type { ChronicleApi, RollbackView, SessionLabelView, SnapshotDetail, SnapshotEntryView, SnapshotView } from './chronicle-api.js';
export type { AdminApi, PolicyGrantChange, PolicyGrantInput, PolicyGrantView } from './admin-api.js';
export type { TraceApi, TraceSpanView, TurnTraceView } from './trace-api.js';
export { usageFromSnakeCase, usageToSnakeCase } from './usage.js';
export {
  auditFromProto,
  auditRecordsFromProto,
  auditRecordsToProto,
  auditToProto,
  eventFromProto,
  eventToProto,
  historyFromProto,
  historyToProto,
  sendRequestFromProto,
  sendRequestToProto,
  sessionFromProto,
  sessionToProto,
  sessionsFromProto,
  sessionsToProto,
  shieldStatsFromProto,
  shieldStatsToProto,
  statusFromProto,
  statusToProto,
  webLoginFromProto,
  webLoginToProto,
  type RawSendMessage,
} from './convert.js';
export {
  approvalFromProto,
  approvalToProto,
  approvalsFromProto,
  approvalsToProto,
  decisionFromProto,
  decisionToProto,
  type RawApprovalDecision,
} from './convert-approvals.js';
export {
  diffFromProto,
  diffToProto,
  labelsFromProto,
  labelsToProto,
  rollbackFromProto,
  rollbackToProto,
  snapshotDetailFromProto,
  snapshotDetailToProto,
  snapshotsFromProto,
  snapshotsToProto,
} from './convert-chronicle.js';
export {
  deletedFromProto,
  deletedToProto,
  grantChangeFromProto,
  grantChangeToProto,
  grantRequestToProto,
  grantsFromProto,
  grantsToProto,
} from './convert-admin.js';
export { traceFromProto, traceToProto } from './convert-trace.js';
