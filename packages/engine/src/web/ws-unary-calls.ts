import { fromProtoJson } from '@parapet/wire/proto-json';
import type { ResolveApprovalRequest__Output } from '@parapet/wire';
import {
  approvalsToProto,
  approvalToProto,
  auditRecordsToProto,
  auditToProto,
  decisionFromProto,
  deletedToProto,
  diffToProto,
  historyToProto,
  labelsToProto,
  rollbackToProto,
  sessionsToProto,
  sessionToProto,
  shieldStatsToProto,
  snapshotDetailToProto,
  snapshotsToProto,
  statusToProto,
  type ClientApi,
} from '@parapet/wire/client';
import { validateRename } from '../server/validate-admin.js';
import { validateApprovalsLimit, validateDecision } from '../server/validate-approvals.js';
import {
  validateAuditPage,
  validateBucketSeconds,
  validateHistoryPage,
  validateSessionId,
  validateSessionLimit,
  validateSnapshotId,
} from '../server/validate-request.js';

/** One unary ClientService call as the web socket runs it: proto3 JSON in, a typed proto message out. */
export type UnaryCall = (request: unknown) => Promise<{ readonly type: string; readonly message: object }>;

/**
 * The unary calls a browser may make, each through the same ClientApi method and the same
 * validation as its gRPC handler. CreateWebLogin is absent: a logged-in page has no use for a link.
 */
export function unaryCalls(api: ClientApi): Readonly<Record<string, UnaryCall>> {
  return {
    ListSessions: async (request) => {
      const { limit } = fromProtoJson('ListSessionsRequest', request) as { limit: number };
      return { type: 'ListSessionsResponse', message: sessionsToProto(await api.listSessions(validateSessionLimit(limit))) };
    },
    GetHistory: async (request) => {
      const read = fromProtoJson('GetHistoryRequest', request) as { session_id: string; limit: number; page_token: string };
      const history = await api.getHistory(validateSessionId(read.session_id), validateHistoryPage(read.limit, read.page_token));
      return { type: 'GetHistoryResponse', message: historyToProto(history) };
    },
    GetStatus: async (request) => {
      fromProtoJson('GetStatusRequest', request);
      return { type: 'Status', message: statusToProto(await api.status()) };
    },
    ListAudit: async (request) => {
      const read = fromProtoJson('ListAuditRequest', request) as { session_id: string; kind: string; limit: number; before_seq: number };
      return { type: 'ListAuditResponse', message: auditRecordsToProto(await api.listAudit(validateAuditPage(read))) };
    },
    GetShieldStats: async (request) => {
      const { bucket_seconds: seconds } = fromProtoJson('GetShieldStatsRequest', request) as { bucket_seconds: number };
      return { type: 'ShieldStats', message: shieldStatsToProto(await api.shieldStats(validateBucketSeconds(seconds))) };
    },
    RenameSession: async (request) => {
      const { sessionId, title } = validateRename(fromProtoJson('RenameSessionRequest', request) as { session_id: string; title: string });
      return { type: 'SessionSummary', message: sessionToProto(await api.renameSession(sessionId, title)) };
    },
    DeleteSession: async (request) => {
      const { session_id: sessionId } = fromProtoJson('DeleteSessionRequest', request) as { session_id: string };
      return { type: 'DeleteSessionResponse', message: deletedToProto(await api.deleteSession(validateSessionId(sessionId))) };
    },
    VerifyAudit: async (request) => {
      fromProtoJson('VerifyAuditRequest', request);
      return { type: 'VerifyAuditResponse', message: auditToProto(await api.verifyAudit()) };
    },
    ResolveApproval: async (request) => {
      const raw = decisionFromProto(fromProtoJson('ResolveApprovalRequest', request) as unknown as ResolveApprovalRequest__Output);
      // The socket is the web channel and the logged-in browser answers, whatever the page claims.
      const decision = validateDecision({ ...raw, channel: 'web', answeredBy: 'web browser' });
      return { type: 'ResolveApprovalResponse', message: { approval: approvalToProto(await api.resolveApproval(decision)) } };
    },
    ListApprovals: async (request) => {
      const read = fromProtoJson('ListApprovalsRequest', request) as { pending_only: boolean; limit: number };
      const approvals = await api.listApprovals({ pendingOnly: read.pending_only, limit: validateApprovalsLimit(read.limit) });
      return { type: 'ListApprovalsResponse', message: approvalsToProto(approvals) };
    },
    ListSnapshots: async (request) => {
      const read = fromProtoJson('ListSnapshotsRequest', request) as { session_id: string; limit: number };
      const sessionId = read.session_id === '' ? undefined : validateSessionId(read.session_id);
      return { type: 'ListSnapshotsResponse', message: snapshotsToProto(await api.listSnapshots(sessionId, validateSessionLimit(read.limit))) };
    },
    ShowSnapshot: async (request) => {
      const read = fromProtoJson('ShowSnapshotRequest', request) as { snapshot_id: string };
      return { type: 'ShowSnapshotResponse', message: snapshotDetailToProto(await api.showSnapshot(validateSnapshotId(read.snapshot_id))) };
    },
    DiffSnapshot: async (request) => {
      const read = fromProtoJson('DiffSnapshotRequest', request) as { snapshot_id: string; path: string };
      return { type: 'DiffSnapshotResponse', message: diffToProto(await api.diffSnapshot(validateSnapshotId(read.snapshot_id), read.path)) };
    },
    RollbackSnapshot: async (request) => {
      const read = fromProtoJson('RollbackSnapshotRequest', request) as { snapshot_id: string; path: string };
      return { type: 'RollbackSnapshotResponse', message: rollbackToProto(await api.rollbackSnapshot(validateSnapshotId(read.snapshot_id), read.path)) };
    },
    GetSessionLabels: async (request) => {
      const read = fromProtoJson('GetSessionLabelsRequest', request) as { session_id: string };
      return { type: 'GetSessionLabelsResponse', message: labelsToProto(await api.sessionLabels(validateSessionId(read.session_id))) };
    },
  };
}
