// Original file: proto/parapet/v1/client.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateWebLoginRequest as _parapet_v1_CreateWebLoginRequest, CreateWebLoginRequest__Output as _parapet_v1_CreateWebLoginRequest__Output } from '../../parapet/v1/CreateWebLoginRequest.js';
import type { DeleteSessionRequest as _parapet_v1_DeleteSessionRequest, DeleteSessionRequest__Output as _parapet_v1_DeleteSessionRequest__Output } from '../../parapet/v1/DeleteSessionRequest.js';
import type { DeleteSessionResponse as _parapet_v1_DeleteSessionResponse, DeleteSessionResponse__Output as _parapet_v1_DeleteSessionResponse__Output } from '../../parapet/v1/DeleteSessionResponse.js';
import type { DiffSnapshotRequest as _parapet_v1_DiffSnapshotRequest, DiffSnapshotRequest__Output as _parapet_v1_DiffSnapshotRequest__Output } from '../../parapet/v1/DiffSnapshotRequest.js';
import type { DiffSnapshotResponse as _parapet_v1_DiffSnapshotResponse, DiffSnapshotResponse__Output as _parapet_v1_DiffSnapshotResponse__Output } from '../../parapet/v1/DiffSnapshotResponse.js';
import type { Event as _parapet_v1_Event, Event__Output as _parapet_v1_Event__Output } from '../../parapet/v1/Event.js';
import type { GetHistoryRequest as _parapet_v1_GetHistoryRequest, GetHistoryRequest__Output as _parapet_v1_GetHistoryRequest__Output } from '../../parapet/v1/GetHistoryRequest.js';
import type { GetHistoryResponse as _parapet_v1_GetHistoryResponse, GetHistoryResponse__Output as _parapet_v1_GetHistoryResponse__Output } from '../../parapet/v1/GetHistoryResponse.js';
import type { GetSessionLabelsRequest as _parapet_v1_GetSessionLabelsRequest, GetSessionLabelsRequest__Output as _parapet_v1_GetSessionLabelsRequest__Output } from '../../parapet/v1/GetSessionLabelsRequest.js';
import type { GetSessionLabelsResponse as _parapet_v1_GetSessionLabelsResponse, GetSessionLabelsResponse__Output as _parapet_v1_GetSessionLabelsResponse__Output } from '../../parapet/v1/GetSessionLabelsResponse.js';
import type { GetShieldStatsRequest as _parapet_v1_GetShieldStatsRequest, GetShieldStatsRequest__Output as _parapet_v1_GetShieldStatsRequest__Output } from '../../parapet/v1/GetShieldStatsRequest.js';
import type { GetStatusRequest as _parapet_v1_GetStatusRequest, GetStatusRequest__Output as _parapet_v1_GetStatusRequest__Output } from '../../parapet/v1/GetStatusRequest.js';
import type { GetTraceRequest as _parapet_v1_GetTraceRequest, GetTraceRequest__Output as _parapet_v1_GetTraceRequest__Output } from '../../parapet/v1/GetTraceRequest.js';
import type { GetTraceResponse as _parapet_v1_GetTraceResponse, GetTraceResponse__Output as _parapet_v1_GetTraceResponse__Output } from '../../parapet/v1/GetTraceResponse.js';
import type { ListApprovalsRequest as _parapet_v1_ListApprovalsRequest, ListApprovalsRequest__Output as _parapet_v1_ListApprovalsRequest__Output } from '../../parapet/v1/ListApprovalsRequest.js';
import type { ListApprovalsResponse as _parapet_v1_ListApprovalsResponse, ListApprovalsResponse__Output as _parapet_v1_ListApprovalsResponse__Output } from '../../parapet/v1/ListApprovalsResponse.js';
import type { ListAuditRequest as _parapet_v1_ListAuditRequest, ListAuditRequest__Output as _parapet_v1_ListAuditRequest__Output } from '../../parapet/v1/ListAuditRequest.js';
import type { ListAuditResponse as _parapet_v1_ListAuditResponse, ListAuditResponse__Output as _parapet_v1_ListAuditResponse__Output } from '../../parapet/v1/ListAuditResponse.js';
import type { ListPolicyGrantsRequest as _parapet_v1_ListPolicyGrantsRequest, ListPolicyGrantsRequest__Output as _parapet_v1_ListPolicyGrantsRequest__Output } from '../../parapet/v1/ListPolicyGrantsRequest.js';
import type { ListPolicyGrantsResponse as _parapet_v1_ListPolicyGrantsResponse, ListPolicyGrantsResponse__Output as _parapet_v1_ListPolicyGrantsResponse__Output } from '../../parapet/v1/ListPolicyGrantsResponse.js';
import type { ListSessionsRequest as _parapet_v1_ListSessionsRequest, ListSessionsRequest__Output as _parapet_v1_ListSessionsRequest__Output } from '../../parapet/v1/ListSessionsRequest.js';
import type { ListSessionsResponse as _parapet_v1_ListSessionsResponse, ListSessionsResponse__Output as _parapet_v1_ListSessionsResponse__Output } from '../../parapet/v1/ListSessionsResponse.js';
import type { ListSnapshotsRequest as _parapet_v1_ListSnapshotsRequest, ListSnapshotsRequest__Output as _parapet_v1_ListSnapshotsRequest__Output } from '../../parapet/v1/ListSnapshotsRequest.js';
import type { ListSnapshotsResponse as _parapet_v1_ListSnapshotsResponse, ListSnapshotsResponse__Output as _parapet_v1_ListSnapshotsResponse__Output } from '../../parapet/v1/ListSnapshotsResponse.js';
import type { PolicyGrantProposal as _parapet_v1_PolicyGrantProposal, PolicyGrantProposal__Output as _parapet_v1_PolicyGrantProposal__Output } from '../../parapet/v1/PolicyGrantProposal.js';
import type { PolicyGrantRequest as _parapet_v1_PolicyGrantRequest, PolicyGrantRequest__Output as _parapet_v1_PolicyGrantRequest__Output } from '../../parapet/v1/PolicyGrantRequest.js';
import type { RemovePolicyGrantRequest as _parapet_v1_RemovePolicyGrantRequest, RemovePolicyGrantRequest__Output as _parapet_v1_RemovePolicyGrantRequest__Output } from '../../parapet/v1/RemovePolicyGrantRequest.js';
import type { RenameSessionRequest as _parapet_v1_RenameSessionRequest, RenameSessionRequest__Output as _parapet_v1_RenameSessionRequest__Output } from '../../parapet/v1/RenameSessionRequest.js';
import type { ResolveApprovalRequest as _parapet_v1_ResolveApprovalRequest, ResolveApprovalRequest__Output as _parapet_v1_ResolveApprovalRequest__Output } from '../../parapet/v1/ResolveApprovalRequest.js';
import type { ResolveApprovalResponse as _parapet_v1_ResolveApprovalResponse, ResolveApprovalResponse__Output as _parapet_v1_ResolveApprovalResponse__Output } from '../../parapet/v1/ResolveApprovalResponse.js';
import type { RollbackSnapshotRequest as _parapet_v1_RollbackSnapshotRequest, RollbackSnapshotRequest__Output as _parapet_v1_RollbackSnapshotRequest__Output } from '../../parapet/v1/RollbackSnapshotRequest.js';
import type { RollbackSnapshotResponse as _parapet_v1_RollbackSnapshotResponse, RollbackSnapshotResponse__Output as _parapet_v1_RollbackSnapshotResponse__Output } from '../../parapet/v1/RollbackSnapshotResponse.js';
import type { SendMessageRequest as _parapet_v1_SendMessageRequest, SendMessageRequest__Output as _parapet_v1_SendMessageRequest__Output } from '../../parapet/v1/SendMessageRequest.js';
import type { SessionSummary as _parapet_v1_SessionSummary, SessionSummary__Output as _parapet_v1_SessionSummary__Output } from '../../parapet/v1/SessionSummary.js';
import type { ShieldStats as _parapet_v1_ShieldStats, ShieldStats__Output as _parapet_v1_ShieldStats__Output } from '../../parapet/v1/ShieldStats.js';
import type { ShowSnapshotRequest as _parapet_v1_ShowSnapshotRequest, ShowSnapshotRequest__Output as _parapet_v1_ShowSnapshotRequest__Output } from '../../parapet/v1/ShowSnapshotRequest.js';
import type { ShowSnapshotResponse as _parapet_v1_ShowSnapshotResponse, ShowSnapshotResponse__Output as _parapet_v1_ShowSnapshotResponse__Output } from '../../parapet/v1/ShowSnapshotResponse.js';
import type { Status as _parapet_v1_Status, Status__Output as _parapet_v1_Status__Output } from '../../parapet/v1/Status.js';
import type { VerifyAuditRequest as _parapet_v1_VerifyAuditRequest, VerifyAuditRequest__Output as _parapet_v1_VerifyAuditRequest__Output } from '../../parapet/v1/VerifyAuditRequest.js';
import type { VerifyAuditResponse as _parapet_v1_VerifyAuditResponse, VerifyAuditResponse__Output as _parapet_v1_VerifyAuditResponse__Output } from '../../parapet/v1/VerifyAuditResponse.js';
import type { WatchRequest as _parapet_v1_WatchRequest, WatchRequest__Output as _parapet_v1_WatchRequest__Output } from '../../parapet/v1/WatchRequest.js';
import type { WebLogin as _parapet_v1_WebLogin, WebLogin__Output as _parapet_v1_WebLogin__Output } from '../../parapet/v1/WebLogin.js';

export interface ClientServiceClient extends grpc.Client {
  AddPolicyGrant(argument: _parapet_v1_PolicyGrantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  AddPolicyGrant(argument: _parapet_v1_PolicyGrantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  AddPolicyGrant(argument: _parapet_v1_PolicyGrantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  AddPolicyGrant(argument: _parapet_v1_PolicyGrantRequest, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  addPolicyGrant(argument: _parapet_v1_PolicyGrantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  addPolicyGrant(argument: _parapet_v1_PolicyGrantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  addPolicyGrant(argument: _parapet_v1_PolicyGrantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  addPolicyGrant(argument: _parapet_v1_PolicyGrantRequest, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  
  CreateWebLogin(argument: _parapet_v1_CreateWebLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_WebLogin__Output>): grpc.ClientUnaryCall;
  CreateWebLogin(argument: _parapet_v1_CreateWebLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_WebLogin__Output>): grpc.ClientUnaryCall;
  CreateWebLogin(argument: _parapet_v1_CreateWebLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_WebLogin__Output>): grpc.ClientUnaryCall;
  CreateWebLogin(argument: _parapet_v1_CreateWebLoginRequest, callback: grpc.requestCallback<_parapet_v1_WebLogin__Output>): grpc.ClientUnaryCall;
  createWebLogin(argument: _parapet_v1_CreateWebLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_WebLogin__Output>): grpc.ClientUnaryCall;
  createWebLogin(argument: _parapet_v1_CreateWebLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_WebLogin__Output>): grpc.ClientUnaryCall;
  createWebLogin(argument: _parapet_v1_CreateWebLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_WebLogin__Output>): grpc.ClientUnaryCall;
  createWebLogin(argument: _parapet_v1_CreateWebLoginRequest, callback: grpc.requestCallback<_parapet_v1_WebLogin__Output>): grpc.ClientUnaryCall;
  
  DeleteSession(argument: _parapet_v1_DeleteSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_DeleteSessionResponse__Output>): grpc.ClientUnaryCall;
  DeleteSession(argument: _parapet_v1_DeleteSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_DeleteSessionResponse__Output>): grpc.ClientUnaryCall;
  DeleteSession(argument: _parapet_v1_DeleteSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_DeleteSessionResponse__Output>): grpc.ClientUnaryCall;
  DeleteSession(argument: _parapet_v1_DeleteSessionRequest, callback: grpc.requestCallback<_parapet_v1_DeleteSessionResponse__Output>): grpc.ClientUnaryCall;
  deleteSession(argument: _parapet_v1_DeleteSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_DeleteSessionResponse__Output>): grpc.ClientUnaryCall;
  deleteSession(argument: _parapet_v1_DeleteSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_DeleteSessionResponse__Output>): grpc.ClientUnaryCall;
  deleteSession(argument: _parapet_v1_DeleteSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_DeleteSessionResponse__Output>): grpc.ClientUnaryCall;
  deleteSession(argument: _parapet_v1_DeleteSessionRequest, callback: grpc.requestCallback<_parapet_v1_DeleteSessionResponse__Output>): grpc.ClientUnaryCall;
  
  DiffSnapshot(argument: _parapet_v1_DiffSnapshotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_DiffSnapshotResponse__Output>): grpc.ClientUnaryCall;
  DiffSnapshot(argument: _parapet_v1_DiffSnapshotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_DiffSnapshotResponse__Output>): grpc.ClientUnaryCall;
  DiffSnapshot(argument: _parapet_v1_DiffSnapshotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_DiffSnapshotResponse__Output>): grpc.ClientUnaryCall;
  DiffSnapshot(argument: _parapet_v1_DiffSnapshotRequest, callback: grpc.requestCallback<_parapet_v1_DiffSnapshotResponse__Output>): grpc.ClientUnaryCall;
  diffSnapshot(argument: _parapet_v1_DiffSnapshotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_DiffSnapshotResponse__Output>): grpc.ClientUnaryCall;
  diffSnapshot(argument: _parapet_v1_DiffSnapshotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_DiffSnapshotResponse__Output>): grpc.ClientUnaryCall;
  diffSnapshot(argument: _parapet_v1_DiffSnapshotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_DiffSnapshotResponse__Output>): grpc.ClientUnaryCall;
  diffSnapshot(argument: _parapet_v1_DiffSnapshotRequest, callback: grpc.requestCallback<_parapet_v1_DiffSnapshotResponse__Output>): grpc.ClientUnaryCall;
  
  GetHistory(argument: _parapet_v1_GetHistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  GetHistory(argument: _parapet_v1_GetHistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  GetHistory(argument: _parapet_v1_GetHistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  GetHistory(argument: _parapet_v1_GetHistoryRequest, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  getHistory(argument: _parapet_v1_GetHistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  getHistory(argument: _parapet_v1_GetHistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  getHistory(argument: _parapet_v1_GetHistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  getHistory(argument: _parapet_v1_GetHistoryRequest, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  
  GetSessionLabels(argument: _parapet_v1_GetSessionLabelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetSessionLabelsResponse__Output>): grpc.ClientUnaryCall;
  GetSessionLabels(argument: _parapet_v1_GetSessionLabelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_GetSessionLabelsResponse__Output>): grpc.ClientUnaryCall;
  GetSessionLabels(argument: _parapet_v1_GetSessionLabelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetSessionLabelsResponse__Output>): grpc.ClientUnaryCall;
  GetSessionLabels(argument: _parapet_v1_GetSessionLabelsRequest, callback: grpc.requestCallback<_parapet_v1_GetSessionLabelsResponse__Output>): grpc.ClientUnaryCall;
  getSessionLabels(argument: _parapet_v1_GetSessionLabelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetSessionLabelsResponse__Output>): grpc.ClientUnaryCall;
  getSessionLabels(argument: _parapet_v1_GetSessionLabelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_GetSessionLabelsResponse__Output>): grpc.ClientUnaryCall;
  getSessionLabels(argument: _parapet_v1_GetSessionLabelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetSessionLabelsResponse__Output>): grpc.ClientUnaryCall;
  getSessionLabels(argument: _parapet_v1_GetSessionLabelsRequest, callback: grpc.requestCallback<_parapet_v1_GetSessionLabelsResponse__Output>): grpc.ClientUnaryCall;
  
  GetShieldStats(argument: _parapet_v1_GetShieldStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ShieldStats__Output>): grpc.ClientUnaryCall;
  GetShieldStats(argument: _parapet_v1_GetShieldStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ShieldStats__Output>): grpc.ClientUnaryCall;
  GetShieldStats(argument: _parapet_v1_GetShieldStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ShieldStats__Output>): grpc.ClientUnaryCall;
  GetShieldStats(argument: _parapet_v1_GetShieldStatsRequest, callback: grpc.requestCallback<_parapet_v1_ShieldStats__Output>): grpc.ClientUnaryCall;
  getShieldStats(argument: _parapet_v1_GetShieldStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ShieldStats__Output>): grpc.ClientUnaryCall;
  getShieldStats(argument: _parapet_v1_GetShieldStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ShieldStats__Output>): grpc.ClientUnaryCall;
  getShieldStats(argument: _parapet_v1_GetShieldStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ShieldStats__Output>): grpc.ClientUnaryCall;
  getShieldStats(argument: _parapet_v1_GetShieldStatsRequest, callback: grpc.requestCallback<_parapet_v1_ShieldStats__Output>): grpc.ClientUnaryCall;
  
  GetStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  
  GetTrace(argument: _parapet_v1_GetTraceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetTraceResponse__Output>): grpc.ClientUnaryCall;
  GetTrace(argument: _parapet_v1_GetTraceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_GetTraceResponse__Output>): grpc.ClientUnaryCall;
  GetTrace(argument: _parapet_v1_GetTraceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetTraceResponse__Output>): grpc.ClientUnaryCall;
  GetTrace(argument: _parapet_v1_GetTraceRequest, callback: grpc.requestCallback<_parapet_v1_GetTraceResponse__Output>): grpc.ClientUnaryCall;
  getTrace(argument: _parapet_v1_GetTraceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetTraceResponse__Output>): grpc.ClientUnaryCall;
  getTrace(argument: _parapet_v1_GetTraceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_GetTraceResponse__Output>): grpc.ClientUnaryCall;
  getTrace(argument: _parapet_v1_GetTraceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetTraceResponse__Output>): grpc.ClientUnaryCall;
  getTrace(argument: _parapet_v1_GetTraceRequest, callback: grpc.requestCallback<_parapet_v1_GetTraceResponse__Output>): grpc.ClientUnaryCall;
  
  ListApprovals(argument: _parapet_v1_ListApprovalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ListApprovals(argument: _parapet_v1_ListApprovalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ListApprovals(argument: _parapet_v1_ListApprovalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ListApprovals(argument: _parapet_v1_ListApprovalsRequest, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  listApprovals(argument: _parapet_v1_ListApprovalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  listApprovals(argument: _parapet_v1_ListApprovalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  listApprovals(argument: _parapet_v1_ListApprovalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  listApprovals(argument: _parapet_v1_ListApprovalsRequest, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  
  ListAudit(argument: _parapet_v1_ListAuditRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListAuditResponse__Output>): grpc.ClientUnaryCall;
  ListAudit(argument: _parapet_v1_ListAuditRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListAuditResponse__Output>): grpc.ClientUnaryCall;
  ListAudit(argument: _parapet_v1_ListAuditRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListAuditResponse__Output>): grpc.ClientUnaryCall;
  ListAudit(argument: _parapet_v1_ListAuditRequest, callback: grpc.requestCallback<_parapet_v1_ListAuditResponse__Output>): grpc.ClientUnaryCall;
  listAudit(argument: _parapet_v1_ListAuditRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListAuditResponse__Output>): grpc.ClientUnaryCall;
  listAudit(argument: _parapet_v1_ListAuditRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListAuditResponse__Output>): grpc.ClientUnaryCall;
  listAudit(argument: _parapet_v1_ListAuditRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListAuditResponse__Output>): grpc.ClientUnaryCall;
  listAudit(argument: _parapet_v1_ListAuditRequest, callback: grpc.requestCallback<_parapet_v1_ListAuditResponse__Output>): grpc.ClientUnaryCall;
  
  ListPolicyGrants(argument: _parapet_v1_ListPolicyGrantsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListPolicyGrantsResponse__Output>): grpc.ClientUnaryCall;
  ListPolicyGrants(argument: _parapet_v1_ListPolicyGrantsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListPolicyGrantsResponse__Output>): grpc.ClientUnaryCall;
  ListPolicyGrants(argument: _parapet_v1_ListPolicyGrantsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListPolicyGrantsResponse__Output>): grpc.ClientUnaryCall;
  ListPolicyGrants(argument: _parapet_v1_ListPolicyGrantsRequest, callback: grpc.requestCallback<_parapet_v1_ListPolicyGrantsResponse__Output>): grpc.ClientUnaryCall;
  listPolicyGrants(argument: _parapet_v1_ListPolicyGrantsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListPolicyGrantsResponse__Output>): grpc.ClientUnaryCall;
  listPolicyGrants(argument: _parapet_v1_ListPolicyGrantsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListPolicyGrantsResponse__Output>): grpc.ClientUnaryCall;
  listPolicyGrants(argument: _parapet_v1_ListPolicyGrantsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListPolicyGrantsResponse__Output>): grpc.ClientUnaryCall;
  listPolicyGrants(argument: _parapet_v1_ListPolicyGrantsRequest, callback: grpc.requestCallback<_parapet_v1_ListPolicyGrantsResponse__Output>): grpc.ClientUnaryCall;
  
  ListSessions(argument: _parapet_v1_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _parapet_v1_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _parapet_v1_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _parapet_v1_ListSessionsRequest, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _parapet_v1_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _parapet_v1_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _parapet_v1_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _parapet_v1_ListSessionsRequest, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListSnapshots(argument: _parapet_v1_ListSnapshotsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSnapshotsResponse__Output>): grpc.ClientUnaryCall;
  ListSnapshots(argument: _parapet_v1_ListSnapshotsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListSnapshotsResponse__Output>): grpc.ClientUnaryCall;
  ListSnapshots(argument: _parapet_v1_ListSnapshotsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSnapshotsResponse__Output>): grpc.ClientUnaryCall;
  ListSnapshots(argument: _parapet_v1_ListSnapshotsRequest, callback: grpc.requestCallback<_parapet_v1_ListSnapshotsResponse__Output>): grpc.ClientUnaryCall;
  listSnapshots(argument: _parapet_v1_ListSnapshotsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSnapshotsResponse__Output>): grpc.ClientUnaryCall;
  listSnapshots(argument: _parapet_v1_ListSnapshotsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListSnapshotsResponse__Output>): grpc.ClientUnaryCall;
  listSnapshots(argument: _parapet_v1_ListSnapshotsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSnapshotsResponse__Output>): grpc.ClientUnaryCall;
  listSnapshots(argument: _parapet_v1_ListSnapshotsRequest, callback: grpc.requestCallback<_parapet_v1_ListSnapshotsResponse__Output>): grpc.ClientUnaryCall;
  
  ProposePolicyGrant(argument: _parapet_v1_PolicyGrantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  ProposePolicyGrant(argument: _parapet_v1_PolicyGrantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  ProposePolicyGrant(argument: _parapet_v1_PolicyGrantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  ProposePolicyGrant(argument: _parapet_v1_PolicyGrantRequest, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  proposePolicyGrant(argument: _parapet_v1_PolicyGrantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  proposePolicyGrant(argument: _parapet_v1_PolicyGrantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  proposePolicyGrant(argument: _parapet_v1_PolicyGrantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  proposePolicyGrant(argument: _parapet_v1_PolicyGrantRequest, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  
  RemovePolicyGrant(argument: _parapet_v1_RemovePolicyGrantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  RemovePolicyGrant(argument: _parapet_v1_RemovePolicyGrantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  RemovePolicyGrant(argument: _parapet_v1_RemovePolicyGrantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  RemovePolicyGrant(argument: _parapet_v1_RemovePolicyGrantRequest, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  removePolicyGrant(argument: _parapet_v1_RemovePolicyGrantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  removePolicyGrant(argument: _parapet_v1_RemovePolicyGrantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  removePolicyGrant(argument: _parapet_v1_RemovePolicyGrantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  removePolicyGrant(argument: _parapet_v1_RemovePolicyGrantRequest, callback: grpc.requestCallback<_parapet_v1_PolicyGrantProposal__Output>): grpc.ClientUnaryCall;
  
  RenameSession(argument: _parapet_v1_RenameSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_SessionSummary__Output>): grpc.ClientUnaryCall;
  RenameSession(argument: _parapet_v1_RenameSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_SessionSummary__Output>): grpc.ClientUnaryCall;
  RenameSession(argument: _parapet_v1_RenameSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_SessionSummary__Output>): grpc.ClientUnaryCall;
  RenameSession(argument: _parapet_v1_RenameSessionRequest, callback: grpc.requestCallback<_parapet_v1_SessionSummary__Output>): grpc.ClientUnaryCall;
  renameSession(argument: _parapet_v1_RenameSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_SessionSummary__Output>): grpc.ClientUnaryCall;
  renameSession(argument: _parapet_v1_RenameSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_SessionSummary__Output>): grpc.ClientUnaryCall;
  renameSession(argument: _parapet_v1_RenameSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_SessionSummary__Output>): grpc.ClientUnaryCall;
  renameSession(argument: _parapet_v1_RenameSessionRequest, callback: grpc.requestCallback<_parapet_v1_SessionSummary__Output>): grpc.ClientUnaryCall;
  
  ResolveApproval(argument: _parapet_v1_ResolveApprovalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  ResolveApproval(argument: _parapet_v1_ResolveApprovalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  ResolveApproval(argument: _parapet_v1_ResolveApprovalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  ResolveApproval(argument: _parapet_v1_ResolveApprovalRequest, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  resolveApproval(argument: _parapet_v1_ResolveApprovalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  resolveApproval(argument: _parapet_v1_ResolveApprovalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  resolveApproval(argument: _parapet_v1_ResolveApprovalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  resolveApproval(argument: _parapet_v1_ResolveApprovalRequest, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  
  RollbackSnapshot(argument: _parapet_v1_RollbackSnapshotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_RollbackSnapshotResponse__Output>): grpc.ClientUnaryCall;
  RollbackSnapshot(argument: _parapet_v1_RollbackSnapshotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_RollbackSnapshotResponse__Output>): grpc.ClientUnaryCall;
  RollbackSnapshot(argument: _parapet_v1_RollbackSnapshotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_RollbackSnapshotResponse__Output>): grpc.ClientUnaryCall;
  RollbackSnapshot(argument: _parapet_v1_RollbackSnapshotRequest, callback: grpc.requestCallback<_parapet_v1_RollbackSnapshotResponse__Output>): grpc.ClientUnaryCall;
  rollbackSnapshot(argument: _parapet_v1_RollbackSnapshotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_RollbackSnapshotResponse__Output>): grpc.ClientUnaryCall;
  rollbackSnapshot(argument: _parapet_v1_RollbackSnapshotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_RollbackSnapshotResponse__Output>): grpc.ClientUnaryCall;
  rollbackSnapshot(argument: _parapet_v1_RollbackSnapshotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_RollbackSnapshotResponse__Output>): grpc.ClientUnaryCall;
  rollbackSnapshot(argument: _parapet_v1_RollbackSnapshotRequest, callback: grpc.requestCallback<_parapet_v1_RollbackSnapshotResponse__Output>): grpc.ClientUnaryCall;
  
  SendMessage(argument: _parapet_v1_SendMessageRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  SendMessage(argument: _parapet_v1_SendMessageRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  sendMessage(argument: _parapet_v1_SendMessageRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  sendMessage(argument: _parapet_v1_SendMessageRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  
  ShowSnapshot(argument: _parapet_v1_ShowSnapshotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ShowSnapshotResponse__Output>): grpc.ClientUnaryCall;
  ShowSnapshot(argument: _parapet_v1_ShowSnapshotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ShowSnapshotResponse__Output>): grpc.ClientUnaryCall;
  ShowSnapshot(argument: _parapet_v1_ShowSnapshotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ShowSnapshotResponse__Output>): grpc.ClientUnaryCall;
  ShowSnapshot(argument: _parapet_v1_ShowSnapshotRequest, callback: grpc.requestCallback<_parapet_v1_ShowSnapshotResponse__Output>): grpc.ClientUnaryCall;
  showSnapshot(argument: _parapet_v1_ShowSnapshotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ShowSnapshotResponse__Output>): grpc.ClientUnaryCall;
  showSnapshot(argument: _parapet_v1_ShowSnapshotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ShowSnapshotResponse__Output>): grpc.ClientUnaryCall;
  showSnapshot(argument: _parapet_v1_ShowSnapshotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ShowSnapshotResponse__Output>): grpc.ClientUnaryCall;
  showSnapshot(argument: _parapet_v1_ShowSnapshotRequest, callback: grpc.requestCallback<_parapet_v1_ShowSnapshotResponse__Output>): grpc.ClientUnaryCall;
  
  VerifyAudit(argument: _parapet_v1_VerifyAuditRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_VerifyAuditResponse__Output>): grpc.ClientUnaryCall;
  VerifyAudit(argument: _parapet_v1_VerifyAuditRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_VerifyAuditResponse__Output>): grpc.ClientUnaryCall;
  VerifyAudit(argument: _parapet_v1_VerifyAuditRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_VerifyAuditResponse__Output>): grpc.ClientUnaryCall;
  VerifyAudit(argument: _parapet_v1_VerifyAuditRequest, callback: grpc.requestCallback<_parapet_v1_VerifyAuditResponse__Output>): grpc.ClientUnaryCall;
  verifyAudit(argument: _parapet_v1_VerifyAuditRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_VerifyAuditResponse__Output>): grpc.ClientUnaryCall;
  verifyAudit(argument: _parapet_v1_VerifyAuditRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_VerifyAuditResponse__Output>): grpc.ClientUnaryCall;
  verifyAudit(argument: _parapet_v1_VerifyAuditRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_VerifyAuditResponse__Output>): grpc.ClientUnaryCall;
  verifyAudit(argument: _parapet_v1_VerifyAuditRequest, callback: grpc.requestCallback<_parapet_v1_VerifyAuditResponse__Output>): grpc.ClientUnaryCall;
  
  Watch(argument: _parapet_v1_WatchRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  Watch(argument: _parapet_v1_WatchRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  watch(argument: _parapet_v1_WatchRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  watch(argument: _parapet_v1_WatchRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  
}

export interface ClientServiceHandlers extends grpc.UntypedServiceImplementation {
  AddPolicyGrant: grpc.handleUnaryCall<_parapet_v1_PolicyGrantRequest__Output, _parapet_v1_PolicyGrantProposal>;
  
  CreateWebLogin: grpc.handleUnaryCall<_parapet_v1_CreateWebLoginRequest__Output, _parapet_v1_WebLogin>;
  
  DeleteSession: grpc.handleUnaryCall<_parapet_v1_DeleteSessionRequest__Output, _parapet_v1_DeleteSessionResponse>;
  
  DiffSnapshot: grpc.handleUnaryCall<_parapet_v1_DiffSnapshotRequest__Output, _parapet_v1_DiffSnapshotResponse>;
  
  GetHistory: grpc.handleUnaryCall<_parapet_v1_GetHistoryRequest__Output, _parapet_v1_GetHistoryResponse>;
  
  GetSessionLabels: grpc.handleUnaryCall<_parapet_v1_GetSessionLabelsRequest__Output, _parapet_v1_GetSessionLabelsResponse>;
  
  GetShieldStats: grpc.handleUnaryCall<_parapet_v1_GetShieldStatsRequest__Output, _parapet_v1_ShieldStats>;
  
  GetStatus: grpc.handleUnaryCall<_parapet_v1_GetStatusRequest__Output, _parapet_v1_Status>;
  
  GetTrace: grpc.handleUnaryCall<_parapet_v1_GetTraceRequest__Output, _parapet_v1_GetTraceResponse>;
  
  ListApprovals: grpc.handleUnaryCall<_parapet_v1_ListApprovalsRequest__Output, _parapet_v1_ListApprovalsResponse>;
  
  ListAudit: grpc.handleUnaryCall<_parapet_v1_ListAuditRequest__Output, _parapet_v1_ListAuditResponse>;
  
  ListPolicyGrants: grpc.handleUnaryCall<_parapet_v1_ListPolicyGrantsRequest__Output, _parapet_v1_ListPolicyGrantsResponse>;
  
  ListSessions: grpc.handleUnaryCall<_parapet_v1_ListSessionsRequest__Output, _parapet_v1_ListSessionsResponse>;
  
  ListSnapshots: grpc.handleUnaryCall<_parapet_v1_ListSnapshotsRequest__Output, _parapet_v1_ListSnapshotsResponse>;
  
  ProposePolicyGrant: grpc.handleUnaryCall<_parapet_v1_PolicyGrantRequest__Output, _parapet_v1_PolicyGrantProposal>;
  
  RemovePolicyGrant: grpc.handleUnaryCall<_parapet_v1_RemovePolicyGrantRequest__Output, _parapet_v1_PolicyGrantProposal>;
  
  RenameSession: grpc.handleUnaryCall<_parapet_v1_RenameSessionRequest__Output, _parapet_v1_SessionSummary>;
  
  ResolveApproval: grpc.handleUnaryCall<_parapet_v1_ResolveApprovalRequest__Output, _parapet_v1_ResolveApprovalResponse>;
  
  RollbackSnapshot: grpc.handleUnaryCall<_parapet_v1_RollbackSnapshotRequest__Output, _parapet_v1_RollbackSnapshotResponse>;
  
  SendMessage: grpc.handleServerStreamingCall<_parapet_v1_SendMessageRequest__Output, _parapet_v1_Event>;
  
  ShowSnapshot: grpc.handleUnaryCall<_parapet_v1_ShowSnapshotRequest__Output, _parapet_v1_ShowSnapshotResponse>;
  
  VerifyAudit: grpc.handleUnaryCall<_parapet_v1_VerifyAuditRequest__Output, _parapet_v1_VerifyAuditResponse>;
  
  Watch: grpc.handleServerStreamingCall<_parapet_v1_WatchRequest__Output, _parapet_v1_Event>;
  
}

export interface ClientServiceDefinition extends grpc.ServiceDefinition {
  AddPolicyGrant: MethodDefinition<_parapet_v1_PolicyGrantRequest, _parapet_v1_PolicyGrantProposal, _parapet_v1_PolicyGrantRequest__Output, _parapet_v1_PolicyGrantProposal__Output>
  CreateWebLogin: MethodDefinition<_parapet_v1_CreateWebLoginRequest, _parapet_v1_WebLogin, _parapet_v1_CreateWebLoginRequest__Output, _parapet_v1_WebLogin__Output>
  DeleteSession: MethodDefinition<_parapet_v1_DeleteSessionRequest, _parapet_v1_DeleteSessionResponse, _parapet_v1_DeleteSessionRequest__Output, _parapet_v1_DeleteSessionResponse__Output>
  DiffSnapshot: MethodDefinition<_parapet_v1_DiffSnapshotRequest, _parapet_v1_DiffSnapshotResponse, _parapet_v1_DiffSnapshotRequest__Output, _parapet_v1_DiffSnapshotResponse__Output>
  GetHistory: MethodDefinition<_parapet_v1_GetHistoryRequest, _parapet_v1_GetHistoryResponse, _parapet_v1_GetHistoryRequest__Output, _parapet_v1_GetHistoryResponse__Output>
  GetSessionLabels: MethodDefinition<_parapet_v1_GetSessionLabelsRequest, _parapet_v1_GetSessionLabelsResponse, _parapet_v1_GetSessionLabelsRequest__Output, _parapet_v1_GetSessionLabelsResponse__Output>
  GetShieldStats: MethodDefinition<_parapet_v1_GetShieldStatsRequest, _parapet_v1_ShieldStats, _parapet_v1_GetShieldStatsRequest__Output, _parapet_v1_ShieldStats__Output>
  GetStatus: MethodDefinition<_parapet_v1_GetStatusRequest, _parapet_v1_Status, _parapet_v1_GetStatusRequest__Output, _parapet_v1_Status__Output>
  GetTrace: MethodDefinition<_parapet_v1_GetTraceRequest, _parapet_v1_GetTraceResponse, _parapet_v1_GetTraceRequest__Output, _parapet_v1_GetTraceResponse__Output>
  ListApprovals: MethodDefinition<_parapet_v1_ListApprovalsRequest, _parapet_v1_ListApprovalsResponse, _parapet_v1_ListApprovalsRequest__Output, _parapet_v1_ListApprovalsResponse__Output>
  ListAudit: MethodDefinition<_parapet_v1_ListAuditRequest, _parapet_v1_ListAuditResponse, _parapet_v1_ListAuditRequest__Output, _parapet_v1_ListAuditResponse__Output>
  ListPolicyGrants: MethodDefinition<_parapet_v1_ListPolicyGrantsRequest, _parapet_v1_ListPolicyGrantsResponse, _parapet_v1_ListPolicyGrantsRequest__Output, _parapet_v1_ListPolicyGrantsResponse__Output>
  ListSessions: MethodDefinition<_parapet_v1_ListSessionsRequest, _parapet_v1_ListSessionsResponse, _parapet_v1_ListSessionsRequest__Output, _parapet_v1_ListSessionsResponse__Output>
  ListSnapshots: MethodDefinition<_parapet_v1_ListSnapshotsRequest, _parapet_v1_ListSnapshotsResponse, _parapet_v1_ListSnapshotsRequest__Output, _parapet_v1_ListSnapshotsResponse__Output>
  ProposePolicyGrant: MethodDefinition<_parapet_v1_PolicyGrantRequest, _parapet_v1_PolicyGrantProposal, _parapet_v1_PolicyGrantRequest__Output, _parapet_v1_PolicyGrantProposal__Output>
  RemovePolicyGrant: MethodDefinition<_parapet_v1_RemovePolicyGrantRequest, _parapet_v1_PolicyGrantProposal, _parapet_v1_RemovePolicyGrantRequest__Output, _parapet_v1_PolicyGrantProposal__Output>
  RenameSession: MethodDefinition<_parapet_v1_RenameSessionRequest, _parapet_v1_SessionSummary, _parapet_v1_RenameSessionRequest__Output, _parapet_v1_SessionSummary__Output>
  ResolveApproval: MethodDefinition<_parapet_v1_ResolveApprovalRequest, _parapet_v1_ResolveApprovalResponse, _parapet_v1_ResolveApprovalRequest__Output, _parapet_v1_ResolveApprovalResponse__Output>
  RollbackSnapshot: MethodDefinition<_parapet_v1_RollbackSnapshotRequest, _parapet_v1_RollbackSnapshotResponse, _parapet_v1_RollbackSnapshotRequest__Output, _parapet_v1_RollbackSnapshotResponse__Output>
  SendMessage: MethodDefinition<_parapet_v1_SendMessageRequest, _parapet_v1_Event, _parapet_v1_SendMessageRequest__Output, _parapet_v1_Event__Output>
  ShowSnapshot: MethodDefinition<_parapet_v1_ShowSnapshotRequest, _parapet_v1_ShowSnapshotResponse, _parapet_v1_ShowSnapshotRequest__Output, _parapet_v1_ShowSnapshotResponse__Output>
  VerifyAudit: MethodDefinition<_parapet_v1_VerifyAuditRequest, _parapet_v1_VerifyAuditResponse, _parapet_v1_VerifyAuditRequest__Output, _parapet_v1_VerifyAuditResponse__Output>
  Watch: MethodDefinition<_parapet_v1_WatchRequest, _parapet_v1_Event, _parapet_v1_WatchRequest__Output, _parapet_v1_Event__Output>
}
