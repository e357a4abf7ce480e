// What a client process needs from the engine package, without loading the engine itself
// (Shield, model SDK, executors): config paths, the offline audit check and the wire converters.
export { ConfigError, canonicalPath, defaultConfigYaml, expandTilde, loadConfig, resolveHome, type EngineConfig } from './config/index.js';
export { configFileSchema } from './config/schema.js';
export { formatHumanLine } from './logging/human-line.js';
export { createRedactor, type Redactor } from './redact/index.js';
export { verifyAuditFile } from './storage/verify-file.js';
export { checkDatabaseFile, type DatabaseIntegrity } from './storage/integrity-file.js';
export { permissionFlag } from './agent-host/sandbox-launch.js';
export {
  auditFromProto,
  eventFromProto,
  historyFromProto,
  sendRequestToProto,
  sessionsFromProto,
  statusFromProto,
  webLoginFromProto,
} from './server/convert.js';
export { approvalFromProto, approvalsFromProto, decisionToProto } from './server/convert-approvals.js';
export {
  diffFromProto,
  labelsFromProto,
  rollbackFromProto,
  snapshotDetailFromProto,
  snapshotsFromProto,
} from './server/convert-chronicle.js';
export {
  deletedFromProto,
  grantChangeFromProto,
  grantRequestToProto,
  grantsFromProto,
} from './server/convert-admin.js';
export { sessionFromProto } from './server/convert.js';
export type { AdminApi, PolicyGrantChange, PolicyGrantInput, PolicyGrantView } from './server/admin-api.js';
export { traceFromProto } from './server/convert-trace.js';
export type { TraceApi, TraceSpanView, TurnTraceView } from './server/trace-api.js';
export type { ChronicleApi, RollbackView, SessionLabelView, SnapshotDetail, SnapshotEntryView, SnapshotView } from './server/chronicle-api.js';
export type { ApprovalView, EngineEvent, EventBody, TokenUsage } from './events/types.js';
export type {
  ApprovalDecisionInput,
  ApprovalsSnapshot,
  WatchInput,
  AuditVerification,
  Channel,
  ClientApi,
  EngineStatusSnapshot,
  HistoryMessage,
  SandboxSnapshot,
  SendMessageInput,
  SessionHistory,
  SessionSummary,
  ShieldTierSnapshot,
  WebLoginLink,
} from './server/client-api.js';
export {
  acquireHomeLock,
  homeLockPath,
  identityOf,
  isRunning,
  readHomeLock,
  runningOwner,
  type HomeLock,
  type HomeLockOwner,
  type ProcessIdentity,
} from './lifecycle/index.js';
