// Original file: proto/parapet/v1/client.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Event as _parapet_v1_Event, Event__Output as _parapet_v1_Event__Output } from '../../parapet/v1/Event.js';
import type { GetHistoryRequest as _parapet_v1_GetHistoryRequest, GetHistoryRequest__Output as _parapet_v1_GetHistoryRequest__Output } from '../../parapet/v1/GetHistoryRequest.js';
import type { GetHistoryResponse as _parapet_v1_GetHistoryResponse, GetHistoryResponse__Output as _parapet_v1_GetHistoryResponse__Output } from '../../parapet/v1/GetHistoryResponse.js';
import type { GetStatusRequest as _parapet_v1_GetStatusRequest, GetStatusRequest__Output as _parapet_v1_GetStatusRequest__Output } from '../../parapet/v1/GetStatusRequest.js';
import type { ListApprovalsRequest as _parapet_v1_ListApprovalsRequest, ListApprovalsRequest__Output as _parapet_v1_ListApprovalsRequest__Output } from '../../parapet/v1/ListApprovalsRequest.js';
import type { ListApprovalsResponse as _parapet_v1_ListApprovalsResponse, ListApprovalsResponse__Output as _parapet_v1_ListApprovalsResponse__Output } from '../../parapet/v1/ListApprovalsResponse.js';
import type { ListSessionsRequest as _parapet_v1_ListSessionsRequest, ListSessionsRequest__Output as _parapet_v1_ListSessionsRequest__Output } from '../../parapet/v1/ListSessionsRequest.js';
import type { ListSessionsResponse as _parapet_v1_ListSessionsResponse, ListSessionsResponse__Output as _parapet_v1_ListSessionsResponse__Output } from '../../parapet/v1/ListSessionsResponse.js';
import type { ResolveApprovalRequest as _parapet_v1_ResolveApprovalRequest, ResolveApprovalRequest__Output as _parapet_v1_ResolveApprovalRequest__Output } from '../../parapet/v1/ResolveApprovalRequest.js';
import type { ResolveApprovalResponse as _parapet_v1_ResolveApprovalResponse, ResolveApprovalResponse__Output as _parapet_v1_ResolveApprovalResponse__Output } from '../../parapet/v1/ResolveApprovalResponse.js';
import type { SendMessageRequest as _parapet_v1_SendMessageRequest, SendMessageRequest__Output as _parapet_v1_SendMessageRequest__Output } from '../../parapet/v1/SendMessageRequest.js';
import type { Status as _parapet_v1_Status, Status__Output as _parapet_v1_Status__Output } from '../../parapet/v1/Status.js';
import type { VerifyAuditRequest as _parapet_v1_VerifyAuditRequest, VerifyAuditRequest__Output as _parapet_v1_VerifyAuditRequest__Output } from '../../parapet/v1/VerifyAuditRequest.js';
import type { VerifyAuditResponse as _parapet_v1_VerifyAuditResponse, VerifyAuditResponse__Output as _parapet_v1_VerifyAuditResponse__Output } from '../../parapet/v1/VerifyAuditResponse.js';
import type { WatchRequest as _parapet_v1_WatchRequest, WatchRequest__Output as _parapet_v1_WatchRequest__Output } from '../../parapet/v1/WatchRequest.js';

export interface ClientServiceClient extends grpc.Client {
  GetHistory(argument: _parapet_v1_GetHistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  GetHistory(argument: _parapet_v1_GetHistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  GetHistory(argument: _parapet_v1_GetHistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  GetHistory(argument: _parapet_v1_GetHistoryRequest, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  getHistory(argument: _parapet_v1_GetHistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  getHistory(argument: _parapet_v1_GetHistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  getHistory(argument: _parapet_v1_GetHistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  getHistory(argument: _parapet_v1_GetHistoryRequest, callback: grpc.requestCallback<_parapet_v1_GetHistoryResponse__Output>): grpc.ClientUnaryCall;
  
  GetStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _parapet_v1_GetStatusRequest, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _parapet_v1_GetStatusRequest, callback: grpc.requestCallback<_parapet_v1_Status__Output>): grpc.ClientUnaryCall;
  
  ListApprovals(argument: _parapet_v1_ListApprovalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ListApprovals(argument: _parapet_v1_ListApprovalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ListApprovals(argument: _parapet_v1_ListApprovalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ListApprovals(argument: _parapet_v1_ListApprovalsRequest, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  listApprovals(argument: _parapet_v1_ListApprovalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  listApprovals(argument: _parapet_v1_ListApprovalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  listApprovals(argument: _parapet_v1_ListApprovalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  listApprovals(argument: _parapet_v1_ListApprovalsRequest, callback: grpc.requestCallback<_parapet_v1_ListApprovalsResponse__Output>): grpc.ClientUnaryCall;
  
  ListSessions(argument: _parapet_v1_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _parapet_v1_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _parapet_v1_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _parapet_v1_ListSessionsRequest, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _parapet_v1_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _parapet_v1_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _parapet_v1_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _parapet_v1_ListSessionsRequest, callback: grpc.requestCallback<_parapet_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  
  ResolveApproval(argument: _parapet_v1_ResolveApprovalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  ResolveApproval(argument: _parapet_v1_ResolveApprovalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  ResolveApproval(argument: _parapet_v1_ResolveApprovalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  ResolveApproval(argument: _parapet_v1_ResolveApprovalRequest, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  resolveApproval(argument: _parapet_v1_ResolveApprovalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  resolveApproval(argument: _parapet_v1_ResolveApprovalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  resolveApproval(argument: _parapet_v1_ResolveApprovalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  resolveApproval(argument: _parapet_v1_ResolveApprovalRequest, callback: grpc.requestCallback<_parapet_v1_ResolveApprovalResponse__Output>): grpc.ClientUnaryCall;
  
  SendMessage(argument: _parapet_v1_SendMessageRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  SendMessage(argument: _parapet_v1_SendMessageRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  sendMessage(argument: _parapet_v1_SendMessageRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  sendMessage(argument: _parapet_v1_SendMessageRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_parapet_v1_Event__Output>;
  
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
  GetHistory: grpc.handleUnaryCall<_parapet_v1_GetHistoryRequest__Output, _parapet_v1_GetHistoryResponse>;
  
  GetStatus: grpc.handleUnaryCall<_parapet_v1_GetStatusRequest__Output, _parapet_v1_Status>;
  
  ListApprovals: grpc.handleUnaryCall<_parapet_v1_ListApprovalsRequest__Output, _parapet_v1_ListApprovalsResponse>;
  
  ListSessions: grpc.handleUnaryCall<_parapet_v1_ListSessionsRequest__Output, _parapet_v1_ListSessionsResponse>;
  
  ResolveApproval: grpc.handleUnaryCall<_parapet_v1_ResolveApprovalRequest__Output, _parapet_v1_ResolveApprovalResponse>;
  
  SendMessage: grpc.handleServerStreamingCall<_parapet_v1_SendMessageRequest__Output, _parapet_v1_Event>;
  
  VerifyAudit: grpc.handleUnaryCall<_parapet_v1_VerifyAuditRequest__Output, _parapet_v1_VerifyAuditResponse>;
  
  Watch: grpc.handleServerStreamingCall<_parapet_v1_WatchRequest__Output, _parapet_v1_Event>;
  
}

export interface ClientServiceDefinition extends grpc.ServiceDefinition {
  GetHistory: MethodDefinition<_parapet_v1_GetHistoryRequest, _parapet_v1_GetHistoryResponse, _parapet_v1_GetHistoryRequest__Output, _parapet_v1_GetHistoryResponse__Output>
  GetStatus: MethodDefinition<_parapet_v1_GetStatusRequest, _parapet_v1_Status, _parapet_v1_GetStatusRequest__Output, _parapet_v1_Status__Output>
  ListApprovals: MethodDefinition<_parapet_v1_ListApprovalsRequest, _parapet_v1_ListApprovalsResponse, _parapet_v1_ListApprovalsRequest__Output, _parapet_v1_ListApprovalsResponse__Output>
  ListSessions: MethodDefinition<_parapet_v1_ListSessionsRequest, _parapet_v1_ListSessionsResponse, _parapet_v1_ListSessionsRequest__Output, _parapet_v1_ListSessionsResponse__Output>
  ResolveApproval: MethodDefinition<_parapet_v1_ResolveApprovalRequest, _parapet_v1_ResolveApprovalResponse, _parapet_v1_ResolveApprovalRequest__Output, _parapet_v1_ResolveApprovalResponse__Output>
  SendMessage: MethodDefinition<_parapet_v1_SendMessageRequest, _parapet_v1_Event, _parapet_v1_SendMessageRequest__Output, _parapet_v1_Event__Output>
  VerifyAudit: MethodDefinition<_parapet_v1_VerifyAuditRequest, _parapet_v1_VerifyAuditResponse, _parapet_v1_VerifyAuditRequest__Output, _parapet_v1_VerifyAuditResponse__Output>
  Watch: MethodDefinition<_parapet_v1_WatchRequest, _parapet_v1_Event, _parapet_v1_WatchRequest__Output, _parapet_v1_Event__Output>
}
