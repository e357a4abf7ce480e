// Original file: proto/parapet/v1/client.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DiffSnapshotRequest as _parapet_v1_DiffSnapshotRequest, DiffSnapshotRequest__Output as _parapet_v1_DiffSnapshotRequest__Output } from '../../parapet/v1/DiffSnapshotRequest.js';
import type { DiffSnapshotResponse as _parapet_v1_DiffSnapshotResponse, DiffSnapshotResponse__Output as _parapet_v1_DiffSnapshotResponse__Output } from '../../parapet/v1/DiffSnapshotResponse.js';
import type { Event as _parapet_v1_Event, Event__Output as _parapet_v1_Event__Output } from '../../parapet/v1/Event.js';
import type { GetHistoryRequest as _parapet_v1_GetHistoryRequest, GetHistoryRequest__Output as _parapet_v1_GetHistoryRequest__Output } from '../../parapet/v1/GetHistoryRequest.js';
import type { GetHistoryResponse as _parapet_v1_GetHistoryResponse, GetHistoryResponse__Output as _parapet_v1_GetHistoryResponse__Output } from '../../parapet/v1/GetHistoryResponse.js';
import type { GetSessionLabelsRequest as _parapet_v1_GetSessionLabelsRequest, GetSessionLabelsRequest__Output as _parapet_v1_GetSessionLabelsRequest__Output } from '../../parapet/v1/GetSessionLabelsRequest.js';
import type { GetSessionLabelsResponse as _parapet_v1_GetSessionLabelsResponse, GetSessionLabelsResponse__Output as _parapet_v1_GetSessionLabelsResponse__Output } from '../../parapet/v1/GetSessionLabelsResponse.js';
import type { GetStatusRequest as _parapet_v1_GetStatusRequest, GetStatusRequest__Output as _parapet_v1_GetStatusRequest__Output } from '../../parapet/v1/GetStatusRequest.js';
import type { ListSessionsRequest as _parapet_v1_ListSessionsRequest, ListSessionsRequest__Output as _parapet_v1_ListSessionsRequest__Output } from '../../parapet/v1/ListSessionsRequest.js';
import type { ListSessionsResponse as _parapet_v1_ListSessionsResponse, ListSessionsResponse__Output as _parapet_v1_ListSessionsResponse__Output } from '../../parapet/v1/ListSessionsResponse.js';
import type { ListSnapshotsRequest as _parapet_v1_ListSnapshotsRequest, ListSnapshotsRequest__Output as _parapet_v1_ListSnapshotsRequest__Output } from '../../parapet/v1/ListSnapshotsRequest.js';
import type { ListSnapshotsResponse as _parapet_v1_ListSnapshotsResponse, ListSnapshotsResponse__Output as _parapet_v1_ListSnapshotsResponse__Output } from '../../parapet/v1/ListSnapshotsResponse.js';
import type { RollbackSnapshotRequest as _parapet_v1_RollbackSnapshotRequest, RollbackSnapshotRequest__Output as _parapet_v1_RollbackSnapshotRequest__Output } from '../../parapet/v1/RollbackSnapshotRequest.js';
import type { RollbackSnapshotResponse as _parapet_v1_RollbackSnapshotResponse, RollbackSnapshotResponse__Output as _parapet_v1_RollbackSnapshotResponse__Output } from '../../parapet/v1/RollbackSnapshotResponse.js';
import type { SendMessageRequest as _parapet_v1_SendMessageRequest, SendMessageRequest__Output as _parapet_v1_SendMessageRequest__Output } from '../../parapet/v1/SendMessageRequest.js';
import type { ShowSnapshotRequest as _parapet_v1_ShowSnapshotRequest, ShowSnapshotRequest__Output as _parapet_v1_ShowSnapshotRequest__Output } from '../../parapet/v1/ShowSnapshotRequest.js';
import type { ShowSnapshotResponse as _parapet_v1_ShowSnapshotResponse, ShowSnapshotResponse__Output as _parapet_v1_ShowSnapshotResponse__Output } from '../../parapet/v1/ShowSnapshotResponse.js';
import type { Status as _parapet_v1_Status, Status__Output as _parapet_v1_Status__Output } from '../../parapet/v1/Status.js';
import type { VerifyAuditRequest as _parapet_v1_VerifyAuditRequest, VerifyAuditRequest__Output as _parapet_v1_VerifyAuditRequest__Output } from '../../parapet/v1/VerifyAuditRequest.js';
import type { VerifyAuditResponse as _parapet_v1_VerifyAuditResponse, VerifyAuditResponse__Output as _parapet_v1_VerifyAuditResponse__Output } from '../../parapet/v1/VerifyAuditResponse.js';

export interface ClientServiceClient extends grpc.Client {
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
  
  GetStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  
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
  
}

export interface ClientServiceHandlers extends grpc.UntypedServiceImplementation {
  DiffSnapshot: grpc.handleUnaryCall<_parapet_v1_DiffSnapshotRequest__Output, _parapet_v1_DiffSnapshotResponse>;
  
  GetHistory: grpc.handleUnaryCall<_parapet_v1_GetHistoryRequest__Output, _parapet_v1_GetHistoryResponse>;
  
  GetSessionLabels: grpc.handleUnaryCall<_parapet_v1_GetSessionLabelsRequest__Output, _parapet_v1_GetSessionLabelsResponse>;
  
  GetStatus: grpc.handleUnaryCall<_parapet_v1_GetStatusRequest__Output, _parapet_v1_Status>;
  
  ListSessions: grpc.handleUnaryCall<_parapet_v1_ListSessionsRequest__Output, _parapet_v1_ListSessionsResponse>;
  
  ListSnapshots: grpc.handleUnaryCall<_parapet_v1_ListSnapshotsRequest__Output, _parapet_v1_ListSnapshotsResponse>;
  
  RollbackSnapshot: grpc.handleUnaryCall<_parapet_v1_RollbackSnapshotRequest__Output, _parapet_v1_RollbackSnapshotResponse>;
  
  SendMessage: grpc.handleServerStreamingCall<_parapet_v1_SendMessageRequest__Output, _parapet_v1_Event>;
  
  ShowSnapshot: grpc.handleUnaryCall<_parapet_v1_ShowSnapshotRequest__Output, _parapet_v1_ShowSnapshotResponse>;
  
  VerifyAudit: grpc.handleUnaryCall<_parapet_v1_VerifyAuditRequest__Output, _parapet_v1_VerifyAuditResponse>;
  
}

export interface ClientServiceDefinition extends grpc.ServiceDefinition {
  DiffSnapshot: MethodDefinition<_parapet_v1_DiffSnapshotRequest, _parapet_v1_DiffSnapshotResponse, _parapet_v1_DiffSnapshotRequest__Output, _parapet_v1_DiffSnapshotResponse__Output>
  GetHistory: MethodDefinition<_parapet_v1_GetHistoryRequest, _parapet_v1_GetHistoryResponse, _parapet_v1_GetHistoryRequest__Output, _parapet_v1_GetHistoryResponse__Output>
  GetSessionLabels: MethodDefinition<_parapet_v1_GetSessionLabelsRequest, _parapet_v1_GetSessionLabelsResponse, _parapet_v1_GetSessionLabelsRequest__Output, _parapet_v1_GetSessionLabelsResponse__Output>
  GetStatus: MethodDefinition<_parapet_v1_GetStatusRequest, _parapet_v1_Status, _parapet_v1_GetStatusRequest__Output, _parapet_v1_Status__Output>
  ListSessions: MethodDefinition<_parapet_v1_ListSessionsRequest, _parapet_v1_ListSessionsResponse, _parapet_v1_ListSessionsRequest__Output, _parapet_v1_ListSessionsResponse__Output>
  ListSnapshots: MethodDefinition<_parapet_v1_ListSnapshotsRequest, _parapet_v1_ListSnapshotsResponse, _parapet_v1_ListSnapshotsRequest__Output, _parapet_v1_ListSnapshotsResponse__Output>
  RollbackSnapshot: MethodDefinition<_parapet_v1_RollbackSnapshotRequest, _parapet_v1_RollbackSnapshotResponse, _parapet_v1_RollbackSnapshotRequest__Output, _parapet_v1_RollbackSnapshotResponse__Output>
  SendMessage: MethodDefinition<_parapet_v1_SendMessageRequest, _parapet_v1_Event, _parapet_v1_SendMessageRequest__Output, _parapet_v1_Event__Output>
  ShowSnapshot: MethodDefinition<_parapet_v1_ShowSnapshotRequest, _parapet_v1_ShowSnapshotResponse, _parapet_v1_ShowSnapshotRequest__Output, _parapet_v1_ShowSnapshotResponse__Output>
  VerifyAudit: MethodDefinition<_parapet_v1_VerifyAuditRequest, _parapet_v1_VerifyAuditResponse, _parapet_v1_VerifyAuditRequest__Output, _parapet_v1_VerifyAuditResponse__Output>
}
