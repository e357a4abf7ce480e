export { OUTPUT_EXCERPT_CHARS, type ActionRepo } from './actions.js';
export type { ApprovalAnswerRecord, ApprovalRecord, ApprovalRepo, ApprovalScope, ApprovalState, NewApproval } from './approvals.js';
export type { EventLogRepo } from './event-log.js';
export type { EvaluatorBudgetRepo } from './evaluator-budget.js';
export { GENESIS_HASH, auditRowHash, verifyAuditRows } from './audit-chain.js';
export type { AuditLog } from './audit.js';
export type { ChangeSet, ChronicleRepo, NewSnapshot, SnapshotRecord, SnapshotScopeKind } from './chronicle.js';
export type { FlowLabel, LabelRecord, LabelRepo } from './labels.js';
export type { SessionParent, SessionParentRepo } from './session-parents.js';
export { CUT_MARKER_MAX_BYTES } from './cap-text.js';
export type { MemoryEntry, MemoryRepo } from './memory.js';
export type { HistoryWatermark, HistoryWatermarkRepo } from './history-watermarks.js';
export type { MessageRepo, PositionedMessage } from './messages.js';
export { latestSchemaVersion } from './migrations.js';
export { DEFAULT_MAX_STORED_TEXT_BYTES, openStore, type OpenStoreOptions, type Store } from './open-store.js';
export type { SessionRepo } from './sessions.js';
export type { TurnOutcome, TurnRecord, TurnRepo, TurnStatus } from './turns.js';
export {
  AUDIT_KINDS,
  type ActionRecord,
  type ActionResult,
  type ActionVerdict,
  type AuditEntry,
  type AuditKind,
  type AuditRow,
  type AuditVerification,
  type MessageRecord,
  type MessageRole,
  type NewAction,
  type NewMessage,
  type SessionRecord,
  type StoredToolCall,
  type StoredWorkMessage,
  type UsageCounts,
} from './types.js';
export { verifyAuditFile } from './verify-file.js';
