// What a client process needs from the engine package, without loading the engine itself
// (Shield, model SDK, executors): config paths, the offline audit check and the wire converters.
export { ConfigError, canonicalPath, defaultConfigYaml, expandTilde, loadConfig, resolveHome, type EngineConfig } from './config/index.js';
export { verifyAuditFile } from './storage/verify-file.js';
export {
  auditFromProto,
  eventFromProto,
  historyFromProto,
  sendRequestToProto,
  sessionsFromProto,
  statusFromProto,
} from './server/convert.js';
export { approvalFromProto, approvalsFromProto, decisionToProto } from './server/convert-approvals.js';
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
} from './server/client-api.js';
export {
  acquireHomeLock,
  homeLockPath,
  identityOf,
  isRunning,
  runningOwner,
  type HomeLock,
  type HomeLockOwner,
  type ProcessIdentity,
} from './lifecycle/index.js';
