import type { ResolveApprovalRequest__Output } from '@parapet/wire';
import {
  approvalsToProto,
  approvalToProto,
  auditRecordsToProto,
  auditToProto,
  decisionFromProto,
  deletedToProto,
  diffToProto,
  grantChangeToProto,
  grantsToProto,
  historyToProto,
  labelsToProto,
  rollbackToProto,
  sessionsToProto,
  sessionToProto,
  shieldStatsToProto,
  snapshotDetailToProto,
  snapshotsToProto,
  statusToProto,
  traceToProto,
  webLoginToProto,
  type ClientApi,
} from '@parapet/wire/client';
import { validateGrantName, validateGrantRequest, validateRename } from './validate-admin.js';
import { validateApprovalsLimit, validateDecision } from './validate-approvals.js';
import {
  validateAuditPage,
  validateBucketSeconds,
  validateHistoryPage,
  validateSessionId,
  validateSessionLimit,
  validateSnapshotId,
  validateTurnId,
} from './validate-request.js';

/** One unary ClientService call: the request message validated, served by the ClientApi, the answer encoded. */
export interface UnaryCall<Request> {
  /** Proto message names, for a transport that speaks proto3 JSON (the web socket). */
  readonly requestType: string;
  readonly responseType: string;
  readonly run: (request: Request) => Promise<object>;
}

type GrantRequest = { approval_id: string; name: string; path_glob: string };

const call = <Request>(requestType: string, responseType: string, run: (request: Request) => Promise<object>): UnaryCall<Request> => ({
  requestType,
  responseType,
  run,
});

/** Every unary call, once: the gRPC server and the web socket serve these same entries. */
export function unaryCalls(api: ClientApi) {
  return {
    ResolveApproval: call('ResolveApprovalRequest', 'ResolveApprovalResponse', async (request: ResolveApprovalRequest__Output) => ({
      approval: approvalToProto(await api.resolveApproval(validateDecision(decisionFromProto(request)))),
    })),
    ListApprovals: call('ListApprovalsRequest', 'ListApprovalsResponse', async (request: { pending_only: boolean; limit: number }) =>
      approvalsToProto(await api.listApprovals({ pendingOnly: request.pending_only, limit: validateApprovalsLimit(request.limit) })),
    ),
    ListSessions: call('ListSessionsRequest', 'ListSessionsResponse', async (request: { limit: number }) =>
      sessionsToProto(await api.listSessions(validateSessionLimit(request.limit))),
    ),
    GetHistory: call('GetHistoryRequest', 'GetHistoryResponse', async (request: { session_id: string; limit: number; page_token: string }) =>
      historyToProto(await api.getHistory(validateSessionId(request.session_id), validateHistoryPage(request.limit, request.page_token))),
    ),
    GetStatus: call('GetStatusRequest', 'Status', async () => statusToProto(await api.status())),
    VerifyAudit: call('VerifyAuditRequest', 'VerifyAuditResponse', async () => auditToProto(await api.verifyAudit())),
    CreateWebLogin: call('CreateWebLoginRequest', 'WebLogin', async () => webLoginToProto(await api.createWebLogin())),
    ListAudit: call('ListAuditRequest', 'ListAuditResponse', async (request: { session_id: string; kind: string; limit: number; before_seq: number }) =>
      auditRecordsToProto(await api.listAudit(validateAuditPage(request))),
    ),
    GetShieldStats: call('GetShieldStatsRequest', 'ShieldStats', async (request: { bucket_seconds: number }) =>
      shieldStatsToProto(await api.shieldStats(validateBucketSeconds(request.bucket_seconds))),
    ),
    ListSnapshots: call('ListSnapshotsRequest', 'ListSnapshotsResponse', async (request: { session_id: string; limit: number }) => {
      const sessionId = request.session_id === '' ? undefined : validateSessionId(request.session_id);
      return snapshotsToProto(await api.listSnapshots(sessionId, validateSessionLimit(request.limit)));
    }),
    ShowSnapshot: call('ShowSnapshotRequest', 'ShowSnapshotResponse', async (request: { snapshot_id: string }) =>
      snapshotDetailToProto(await api.showSnapshot(validateSnapshotId(request.snapshot_id))),
    ),
    DiffSnapshot: call('DiffSnapshotRequest', 'DiffSnapshotResponse', async (request: { snapshot_id: string; path: string }) =>
      diffToProto(await api.diffSnapshot(validateSnapshotId(request.snapshot_id), request.path)),
    ),
    RollbackSnapshot: call('RollbackSnapshotRequest', 'RollbackSnapshotResponse', async (request: { snapshot_id: string; path: string }) =>
      rollbackToProto(await api.rollbackSnapshot(validateSnapshotId(request.snapshot_id), request.path)),
    ),
    GetSessionLabels: call('GetSessionLabelsRequest', 'GetSessionLabelsResponse', async (request: { session_id: string }) =>
      labelsToProto(await api.sessionLabels(validateSessionId(request.session_id))),
    ),
    RenameSession: call('RenameSessionRequest', 'SessionSummary', async (request: { session_id: string; title: string }) => {
      const { sessionId, title } = validateRename(request);
      return sessionToProto(await api.renameSession(sessionId, title));
    }),
    DeleteSession: call('DeleteSessionRequest', 'DeleteSessionResponse', async (request: { session_id: string }) =>
      deletedToProto(await api.deleteSession(validateSessionId(request.session_id))),
    ),
    ProposePolicyGrant: call('PolicyGrantRequest', 'PolicyGrantProposal', async (request: GrantRequest) =>
      grantChangeToProto(await api.proposePolicyGrant(validateGrantRequest(request))),
    ),
    AddPolicyGrant: call('PolicyGrantRequest', 'PolicyGrantProposal', async (request: GrantRequest) =>
      grantChangeToProto(await api.addPolicyGrant(validateGrantRequest(request))),
    ),
    ListPolicyGrants: call('ListPolicyGrantsRequest', 'ListPolicyGrantsResponse', async () => grantsToProto(await api.listPolicyGrants())),
    RemovePolicyGrant: call('RemovePolicyGrantRequest', 'PolicyGrantProposal', async (request: { name: string }) =>
      grantChangeToProto(await api.removePolicyGrant(validateGrantName(request.name))),
    ),
    GetTrace: call('GetTraceRequest', 'GetTraceResponse', async (request: { turn_id: string }) =>
      traceToProto(await api.getTrace(validateTurnId(request.turn_id))),
    ),
  };
}
