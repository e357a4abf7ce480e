import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ActionCompleted as _parapet_v1_ActionCompleted, ActionCompleted__Output as _parapet_v1_ActionCompleted__Output } from './parapet/v1/ActionCompleted.js';
import type { ActionStarted as _parapet_v1_ActionStarted, ActionStarted__Output as _parapet_v1_ActionStarted__Output } from './parapet/v1/ActionStarted.js';
import type { AgentStatus as _parapet_v1_AgentStatus, AgentStatus__Output as _parapet_v1_AgentStatus__Output } from './parapet/v1/AgentStatus.js';
import type { Approval as _parapet_v1_Approval, Approval__Output as _parapet_v1_Approval__Output } from './parapet/v1/Approval.js';
import type { ApprovalRequired as _parapet_v1_ApprovalRequired, ApprovalRequired__Output as _parapet_v1_ApprovalRequired__Output } from './parapet/v1/ApprovalRequired.js';
import type { ApprovalResolved as _parapet_v1_ApprovalResolved, ApprovalResolved__Output as _parapet_v1_ApprovalResolved__Output } from './parapet/v1/ApprovalResolved.js';
import type { ApprovalsStatus as _parapet_v1_ApprovalsStatus, ApprovalsStatus__Output as _parapet_v1_ApprovalsStatus__Output } from './parapet/v1/ApprovalsStatus.js';
import type { AuditRecord as _parapet_v1_AuditRecord, AuditRecord__Output as _parapet_v1_AuditRecord__Output } from './parapet/v1/AuditRecord.js';
import type { CanaryResult as _parapet_v1_CanaryResult, CanaryResult__Output as _parapet_v1_CanaryResult__Output } from './parapet/v1/CanaryResult.js';
import type { ChatMessage as _parapet_v1_ChatMessage, ChatMessage__Output as _parapet_v1_ChatMessage__Output } from './parapet/v1/ChatMessage.js';
import type { ClientServiceClient as _parapet_v1_ClientServiceClient, ClientServiceDefinition as _parapet_v1_ClientServiceDefinition } from './parapet/v1/ClientService.js';
import type { CommandStatus as _parapet_v1_CommandStatus, CommandStatus__Output as _parapet_v1_CommandStatus__Output } from './parapet/v1/CommandStatus.js';
import type { CreateWebLoginRequest as _parapet_v1_CreateWebLoginRequest, CreateWebLoginRequest__Output as _parapet_v1_CreateWebLoginRequest__Output } from './parapet/v1/CreateWebLoginRequest.js';
import type { DeleteSessionRequest as _parapet_v1_DeleteSessionRequest, DeleteSessionRequest__Output as _parapet_v1_DeleteSessionRequest__Output } from './parapet/v1/DeleteSessionRequest.js';
import type { DeleteSessionResponse as _parapet_v1_DeleteSessionResponse, DeleteSessionResponse__Output as _parapet_v1_DeleteSessionResponse__Output } from './parapet/v1/DeleteSessionResponse.js';
import type { DiffSnapshotRequest as _parapet_v1_DiffSnapshotRequest, DiffSnapshotRequest__Output as _parapet_v1_DiffSnapshotRequest__Output } from './parapet/v1/DiffSnapshotRequest.js';
import type { DiffSnapshotResponse as _parapet_v1_DiffSnapshotResponse, DiffSnapshotResponse__Output as _parapet_v1_DiffSnapshotResponse__Output } from './parapet/v1/DiffSnapshotResponse.js';
import type { EngineStatus as _parapet_v1_EngineStatus, EngineStatus__Output as _parapet_v1_EngineStatus__Output } from './parapet/v1/EngineStatus.js';
import type { ErrorEvent as _parapet_v1_ErrorEvent, ErrorEvent__Output as _parapet_v1_ErrorEvent__Output } from './parapet/v1/ErrorEvent.js';
import type { Event as _parapet_v1_Event, Event__Output as _parapet_v1_Event__Output } from './parapet/v1/Event.js';
import type { ExecutorStatus as _parapet_v1_ExecutorStatus, ExecutorStatus__Output as _parapet_v1_ExecutorStatus__Output } from './parapet/v1/ExecutorStatus.js';
import type { GetHistoryRequest as _parapet_v1_GetHistoryRequest, GetHistoryRequest__Output as _parapet_v1_GetHistoryRequest__Output } from './parapet/v1/GetHistoryRequest.js';
import type { GetHistoryResponse as _parapet_v1_GetHistoryResponse, GetHistoryResponse__Output as _parapet_v1_GetHistoryResponse__Output } from './parapet/v1/GetHistoryResponse.js';
import type { GetSessionLabelsRequest as _parapet_v1_GetSessionLabelsRequest, GetSessionLabelsRequest__Output as _parapet_v1_GetSessionLabelsRequest__Output } from './parapet/v1/GetSessionLabelsRequest.js';
import type { GetSessionLabelsResponse as _parapet_v1_GetSessionLabelsResponse, GetSessionLabelsResponse__Output as _parapet_v1_GetSessionLabelsResponse__Output } from './parapet/v1/GetSessionLabelsResponse.js';
import type { GetShieldStatsRequest as _parapet_v1_GetShieldStatsRequest, GetShieldStatsRequest__Output as _parapet_v1_GetShieldStatsRequest__Output } from './parapet/v1/GetShieldStatsRequest.js';
import type { GetStatusRequest as _parapet_v1_GetStatusRequest, GetStatusRequest__Output as _parapet_v1_GetStatusRequest__Output } from './parapet/v1/GetStatusRequest.js';
import type { GetTraceRequest as _parapet_v1_GetTraceRequest, GetTraceRequest__Output as _parapet_v1_GetTraceRequest__Output } from './parapet/v1/GetTraceRequest.js';
import type { GetTraceResponse as _parapet_v1_GetTraceResponse, GetTraceResponse__Output as _parapet_v1_GetTraceResponse__Output } from './parapet/v1/GetTraceResponse.js';
import type { HistoryCompactedEvent as _parapet_v1_HistoryCompactedEvent, HistoryCompactedEvent__Output as _parapet_v1_HistoryCompactedEvent__Output } from './parapet/v1/HistoryCompactedEvent.js';
import type { LabeledSession as _parapet_v1_LabeledSession, LabeledSession__Output as _parapet_v1_LabeledSession__Output } from './parapet/v1/LabeledSession.js';
import type { ListApprovalsRequest as _parapet_v1_ListApprovalsRequest, ListApprovalsRequest__Output as _parapet_v1_ListApprovalsRequest__Output } from './parapet/v1/ListApprovalsRequest.js';
import type { ListApprovalsResponse as _parapet_v1_ListApprovalsResponse, ListApprovalsResponse__Output as _parapet_v1_ListApprovalsResponse__Output } from './parapet/v1/ListApprovalsResponse.js';
import type { ListAuditRequest as _parapet_v1_ListAuditRequest, ListAuditRequest__Output as _parapet_v1_ListAuditRequest__Output } from './parapet/v1/ListAuditRequest.js';
import type { ListAuditResponse as _parapet_v1_ListAuditResponse, ListAuditResponse__Output as _parapet_v1_ListAuditResponse__Output } from './parapet/v1/ListAuditResponse.js';
import type { ListPolicyGrantsRequest as _parapet_v1_ListPolicyGrantsRequest, ListPolicyGrantsRequest__Output as _parapet_v1_ListPolicyGrantsRequest__Output } from './parapet/v1/ListPolicyGrantsRequest.js';
import type { ListPolicyGrantsResponse as _parapet_v1_ListPolicyGrantsResponse, ListPolicyGrantsResponse__Output as _parapet_v1_ListPolicyGrantsResponse__Output } from './parapet/v1/ListPolicyGrantsResponse.js';
import type { ListSessionsRequest as _parapet_v1_ListSessionsRequest, ListSessionsRequest__Output as _parapet_v1_ListSessionsRequest__Output } from './parapet/v1/ListSessionsRequest.js';
import type { ListSessionsResponse as _parapet_v1_ListSessionsResponse, ListSessionsResponse__Output as _parapet_v1_ListSessionsResponse__Output } from './parapet/v1/ListSessionsResponse.js';
import type { ListSnapshotsRequest as _parapet_v1_ListSnapshotsRequest, ListSnapshotsRequest__Output as _parapet_v1_ListSnapshotsRequest__Output } from './parapet/v1/ListSnapshotsRequest.js';
import type { ListSnapshotsResponse as _parapet_v1_ListSnapshotsResponse, ListSnapshotsResponse__Output as _parapet_v1_ListSnapshotsResponse__Output } from './parapet/v1/ListSnapshotsResponse.js';
import type { LlmRetry as _parapet_v1_LlmRetry, LlmRetry__Output as _parapet_v1_LlmRetry__Output } from './parapet/v1/LlmRetry.js';
import type { LlmToken as _parapet_v1_LlmToken, LlmToken__Output as _parapet_v1_LlmToken__Output } from './parapet/v1/LlmToken.js';
import type { MessageStored as _parapet_v1_MessageStored, MessageStored__Output as _parapet_v1_MessageStored__Output } from './parapet/v1/MessageStored.js';
import type { ModelFailover as _parapet_v1_ModelFailover, ModelFailover__Output as _parapet_v1_ModelFailover__Output } from './parapet/v1/ModelFailover.js';
import type { ModelRouteStatus as _parapet_v1_ModelRouteStatus, ModelRouteStatus__Output as _parapet_v1_ModelRouteStatus__Output } from './parapet/v1/ModelRouteStatus.js';
import type { ModelStatus as _parapet_v1_ModelStatus, ModelStatus__Output as _parapet_v1_ModelStatus__Output } from './parapet/v1/ModelStatus.js';
import type { PolicyGrant as _parapet_v1_PolicyGrant, PolicyGrant__Output as _parapet_v1_PolicyGrant__Output } from './parapet/v1/PolicyGrant.js';
import type { PolicyGrantProposal as _parapet_v1_PolicyGrantProposal, PolicyGrantProposal__Output as _parapet_v1_PolicyGrantProposal__Output } from './parapet/v1/PolicyGrantProposal.js';
import type { PolicyGrantRequest as _parapet_v1_PolicyGrantRequest, PolicyGrantRequest__Output as _parapet_v1_PolicyGrantRequest__Output } from './parapet/v1/PolicyGrantRequest.js';
import type { RemovePolicyGrantRequest as _parapet_v1_RemovePolicyGrantRequest, RemovePolicyGrantRequest__Output as _parapet_v1_RemovePolicyGrantRequest__Output } from './parapet/v1/RemovePolicyGrantRequest.js';
import type { RenameSessionRequest as _parapet_v1_RenameSessionRequest, RenameSessionRequest__Output as _parapet_v1_RenameSessionRequest__Output } from './parapet/v1/RenameSessionRequest.js';
import type { ResolveApprovalRequest as _parapet_v1_ResolveApprovalRequest, ResolveApprovalRequest__Output as _parapet_v1_ResolveApprovalRequest__Output } from './parapet/v1/ResolveApprovalRequest.js';
import type { ResolveApprovalResponse as _parapet_v1_ResolveApprovalResponse, ResolveApprovalResponse__Output as _parapet_v1_ResolveApprovalResponse__Output } from './parapet/v1/ResolveApprovalResponse.js';
import type { ResponseCompleteEvent as _parapet_v1_ResponseCompleteEvent, ResponseCompleteEvent__Output as _parapet_v1_ResponseCompleteEvent__Output } from './parapet/v1/ResponseCompleteEvent.js';
import type { RollbackFailure as _parapet_v1_RollbackFailure, RollbackFailure__Output as _parapet_v1_RollbackFailure__Output } from './parapet/v1/RollbackFailure.js';
import type { RollbackSnapshotRequest as _parapet_v1_RollbackSnapshotRequest, RollbackSnapshotRequest__Output as _parapet_v1_RollbackSnapshotRequest__Output } from './parapet/v1/RollbackSnapshotRequest.js';
import type { RollbackSnapshotResponse as _parapet_v1_RollbackSnapshotResponse, RollbackSnapshotResponse__Output as _parapet_v1_RollbackSnapshotResponse__Output } from './parapet/v1/RollbackSnapshotResponse.js';
import type { RuleCount as _parapet_v1_RuleCount, RuleCount__Output as _parapet_v1_RuleCount__Output } from './parapet/v1/RuleCount.js';
import type { SandboxStatus as _parapet_v1_SandboxStatus, SandboxStatus__Output as _parapet_v1_SandboxStatus__Output } from './parapet/v1/SandboxStatus.js';
import type { SendMessageRequest as _parapet_v1_SendMessageRequest, SendMessageRequest__Output as _parapet_v1_SendMessageRequest__Output } from './parapet/v1/SendMessageRequest.js';
import type { SessionCreated as _parapet_v1_SessionCreated, SessionCreated__Output as _parapet_v1_SessionCreated__Output } from './parapet/v1/SessionCreated.js';
import type { SessionLabel as _parapet_v1_SessionLabel, SessionLabel__Output as _parapet_v1_SessionLabel__Output } from './parapet/v1/SessionLabel.js';
import type { SessionLabeled as _parapet_v1_SessionLabeled, SessionLabeled__Output as _parapet_v1_SessionLabeled__Output } from './parapet/v1/SessionLabeled.js';
import type { SessionSummary as _parapet_v1_SessionSummary, SessionSummary__Output as _parapet_v1_SessionSummary__Output } from './parapet/v1/SessionSummary.js';
import type { ShieldStats as _parapet_v1_ShieldStats, ShieldStats__Output as _parapet_v1_ShieldStats__Output } from './parapet/v1/ShieldStats.js';
import type { ShieldStatus as _parapet_v1_ShieldStatus, ShieldStatus__Output as _parapet_v1_ShieldStatus__Output } from './parapet/v1/ShieldStatus.js';
import type { ShieldVerdict as _parapet_v1_ShieldVerdict, ShieldVerdict__Output as _parapet_v1_ShieldVerdict__Output } from './parapet/v1/ShieldVerdict.js';
import type { ShowSnapshotRequest as _parapet_v1_ShowSnapshotRequest, ShowSnapshotRequest__Output as _parapet_v1_ShowSnapshotRequest__Output } from './parapet/v1/ShowSnapshotRequest.js';
import type { ShowSnapshotResponse as _parapet_v1_ShowSnapshotResponse, ShowSnapshotResponse__Output as _parapet_v1_ShowSnapshotResponse__Output } from './parapet/v1/ShowSnapshotResponse.js';
import type { SnapshotChanges as _parapet_v1_SnapshotChanges, SnapshotChanges__Output as _parapet_v1_SnapshotChanges__Output } from './parapet/v1/SnapshotChanges.js';
import type { SnapshotEntry as _parapet_v1_SnapshotEntry, SnapshotEntry__Output as _parapet_v1_SnapshotEntry__Output } from './parapet/v1/SnapshotEntry.js';
import type { SnapshotSummary as _parapet_v1_SnapshotSummary, SnapshotSummary__Output as _parapet_v1_SnapshotSummary__Output } from './parapet/v1/SnapshotSummary.js';
import type { Status as _parapet_v1_Status, Status__Output as _parapet_v1_Status__Output } from './parapet/v1/Status.js';
import type { StoredMessage as _parapet_v1_StoredMessage, StoredMessage__Output as _parapet_v1_StoredMessage__Output } from './parapet/v1/StoredMessage.js';
import type { SubagentChanged as _parapet_v1_SubagentChanged, SubagentChanged__Output as _parapet_v1_SubagentChanged__Output } from './parapet/v1/SubagentChanged.js';
import type { TelegramStatus as _parapet_v1_TelegramStatus, TelegramStatus__Output as _parapet_v1_TelegramStatus__Output } from './parapet/v1/TelegramStatus.js';
import type { TierLatency as _parapet_v1_TierLatency, TierLatency__Output as _parapet_v1_TierLatency__Output } from './parapet/v1/TierLatency.js';
import type { TierStatus as _parapet_v1_TierStatus, TierStatus__Output as _parapet_v1_TierStatus__Output } from './parapet/v1/TierStatus.js';
import type { ToolCall as _parapet_v1_ToolCall, ToolCall__Output as _parapet_v1_ToolCall__Output } from './parapet/v1/ToolCall.js';
import type { ToolDef as _parapet_v1_ToolDef, ToolDef__Output as _parapet_v1_ToolDef__Output } from './parapet/v1/ToolDef.js';
import type { ToolGroup as _parapet_v1_ToolGroup, ToolGroup__Output as _parapet_v1_ToolGroup__Output } from './parapet/v1/ToolGroup.js';
import type { TraceSpan as _parapet_v1_TraceSpan, TraceSpan__Output as _parapet_v1_TraceSpan__Output } from './parapet/v1/TraceSpan.js';
import type { TurnCapped as _parapet_v1_TurnCapped, TurnCapped__Output as _parapet_v1_TurnCapped__Output } from './parapet/v1/TurnCapped.js';
import type { TurnQueued as _parapet_v1_TurnQueued, TurnQueued__Output as _parapet_v1_TurnQueued__Output } from './parapet/v1/TurnQueued.js';
import type { Usage as _parapet_v1_Usage, Usage__Output as _parapet_v1_Usage__Output } from './parapet/v1/Usage.js';
import type { VerdictCount as _parapet_v1_VerdictCount, VerdictCount__Output as _parapet_v1_VerdictCount__Output } from './parapet/v1/VerdictCount.js';
import type { VerifyAuditRequest as _parapet_v1_VerifyAuditRequest, VerifyAuditRequest__Output as _parapet_v1_VerifyAuditRequest__Output } from './parapet/v1/VerifyAuditRequest.js';
import type { VerifyAuditResponse as _parapet_v1_VerifyAuditResponse, VerifyAuditResponse__Output as _parapet_v1_VerifyAuditResponse__Output } from './parapet/v1/VerifyAuditResponse.js';
import type { WatchRequest as _parapet_v1_WatchRequest, WatchRequest__Output as _parapet_v1_WatchRequest__Output } from './parapet/v1/WatchRequest.js';
import type { WebLogin as _parapet_v1_WebLogin, WebLogin__Output as _parapet_v1_WebLogin__Output } from './parapet/v1/WebLogin.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  parapet: {
    v1: {
      ActionCompleted: MessageTypeDefinition<_parapet_v1_ActionCompleted, _parapet_v1_ActionCompleted__Output>
      ActionStarted: MessageTypeDefinition<_parapet_v1_ActionStarted, _parapet_v1_ActionStarted__Output>
      AgentStatus: MessageTypeDefinition<_parapet_v1_AgentStatus, _parapet_v1_AgentStatus__Output>
      Approval: MessageTypeDefinition<_parapet_v1_Approval, _parapet_v1_Approval__Output>
      ApprovalRequired: MessageTypeDefinition<_parapet_v1_ApprovalRequired, _parapet_v1_ApprovalRequired__Output>
      ApprovalResolved: MessageTypeDefinition<_parapet_v1_ApprovalResolved, _parapet_v1_ApprovalResolved__Output>
      ApprovalsStatus: MessageTypeDefinition<_parapet_v1_ApprovalsStatus, _parapet_v1_ApprovalsStatus__Output>
      AuditRecord: MessageTypeDefinition<_parapet_v1_AuditRecord, _parapet_v1_AuditRecord__Output>
      CanaryResult: MessageTypeDefinition<_parapet_v1_CanaryResult, _parapet_v1_CanaryResult__Output>
      ChatMessage: MessageTypeDefinition<_parapet_v1_ChatMessage, _parapet_v1_ChatMessage__Output>
      ClientService: SubtypeConstructor<typeof grpc.Client, _parapet_v1_ClientServiceClient> & { service: _parapet_v1_ClientServiceDefinition }
      CommandStatus: MessageTypeDefinition<_parapet_v1_CommandStatus, _parapet_v1_CommandStatus__Output>
      CreateWebLoginRequest: MessageTypeDefinition<_parapet_v1_CreateWebLoginRequest, _parapet_v1_CreateWebLoginRequest__Output>
      DeleteSessionRequest: MessageTypeDefinition<_parapet_v1_DeleteSessionRequest, _parapet_v1_DeleteSessionRequest__Output>
      DeleteSessionResponse: MessageTypeDefinition<_parapet_v1_DeleteSessionResponse, _parapet_v1_DeleteSessionResponse__Output>
      DiffSnapshotRequest: MessageTypeDefinition<_parapet_v1_DiffSnapshotRequest, _parapet_v1_DiffSnapshotRequest__Output>
      DiffSnapshotResponse: MessageTypeDefinition<_parapet_v1_DiffSnapshotResponse, _parapet_v1_DiffSnapshotResponse__Output>
      EngineStatus: MessageTypeDefinition<_parapet_v1_EngineStatus, _parapet_v1_EngineStatus__Output>
      ErrorEvent: MessageTypeDefinition<_parapet_v1_ErrorEvent, _parapet_v1_ErrorEvent__Output>
      Event: MessageTypeDefinition<_parapet_v1_Event, _parapet_v1_Event__Output>
      ExecutorStatus: MessageTypeDefinition<_parapet_v1_ExecutorStatus, _parapet_v1_ExecutorStatus__Output>
      GetHistoryRequest: MessageTypeDefinition<_parapet_v1_GetHistoryRequest, _parapet_v1_GetHistoryRequest__Output>
      GetHistoryResponse: MessageTypeDefinition<_parapet_v1_GetHistoryResponse, _parapet_v1_GetHistoryResponse__Output>
      GetSessionLabelsRequest: MessageTypeDefinition<_parapet_v1_GetSessionLabelsRequest, _parapet_v1_GetSessionLabelsRequest__Output>
      GetSessionLabelsResponse: MessageTypeDefinition<_parapet_v1_GetSessionLabelsResponse, _parapet_v1_GetSessionLabelsResponse__Output>
      GetShieldStatsRequest: MessageTypeDefinition<_parapet_v1_GetShieldStatsRequest, _parapet_v1_GetShieldStatsRequest__Output>
      GetStatusRequest: MessageTypeDefinition<_parapet_v1_GetStatusRequest, _parapet_v1_GetStatusRequest__Output>
      GetTraceRequest: MessageTypeDefinition<_parapet_v1_GetTraceRequest, _parapet_v1_GetTraceRequest__Output>
      GetTraceResponse: MessageTypeDefinition<_parapet_v1_GetTraceResponse, _parapet_v1_GetTraceResponse__Output>
      HistoryCompactedEvent: MessageTypeDefinition<_parapet_v1_HistoryCompactedEvent, _parapet_v1_HistoryCompactedEvent__Output>
      LabeledSession: MessageTypeDefinition<_parapet_v1_LabeledSession, _parapet_v1_LabeledSession__Output>
      ListApprovalsRequest: MessageTypeDefinition<_parapet_v1_ListApprovalsRequest, _parapet_v1_ListApprovalsRequest__Output>
      ListApprovalsResponse: MessageTypeDefinition<_parapet_v1_ListApprovalsResponse, _parapet_v1_ListApprovalsResponse__Output>
      ListAuditRequest: MessageTypeDefinition<_parapet_v1_ListAuditRequest, _parapet_v1_ListAuditRequest__Output>
      ListAuditResponse: MessageTypeDefinition<_parapet_v1_ListAuditResponse, _parapet_v1_ListAuditResponse__Output>
      ListPolicyGrantsRequest: MessageTypeDefinition<_parapet_v1_ListPolicyGrantsRequest, _parapet_v1_ListPolicyGrantsRequest__Output>
      ListPolicyGrantsResponse: MessageTypeDefinition<_parapet_v1_ListPolicyGrantsResponse, _parapet_v1_ListPolicyGrantsResponse__Output>
      ListSessionsRequest: MessageTypeDefinition<_parapet_v1_ListSessionsRequest, _parapet_v1_ListSessionsRequest__Output>
      ListSessionsResponse: MessageTypeDefinition<_parapet_v1_ListSessionsResponse, _parapet_v1_ListSessionsResponse__Output>
      ListSnapshotsRequest: MessageTypeDefinition<_parapet_v1_ListSnapshotsRequest, _parapet_v1_ListSnapshotsRequest__Output>
      ListSnapshotsResponse: MessageTypeDefinition<_parapet_v1_ListSnapshotsResponse, _parapet_v1_ListSnapshotsResponse__Output>
      LlmRetry: MessageTypeDefinition<_parapet_v1_LlmRetry, _parapet_v1_LlmRetry__Output>
      LlmToken: MessageTypeDefinition<_parapet_v1_LlmToken, _parapet_v1_LlmToken__Output>
      MessageStored: MessageTypeDefinition<_parapet_v1_MessageStored, _parapet_v1_MessageStored__Output>
      ModelFailover: MessageTypeDefinition<_parapet_v1_ModelFailover, _parapet_v1_ModelFailover__Output>
      ModelRouteStatus: MessageTypeDefinition<_parapet_v1_ModelRouteStatus, _parapet_v1_ModelRouteStatus__Output>
      ModelStatus: MessageTypeDefinition<_parapet_v1_ModelStatus, _parapet_v1_ModelStatus__Output>
      PolicyGrant: MessageTypeDefinition<_parapet_v1_PolicyGrant, _parapet_v1_PolicyGrant__Output>
      PolicyGrantProposal: MessageTypeDefinition<_parapet_v1_PolicyGrantProposal, _parapet_v1_PolicyGrantProposal__Output>
      PolicyGrantRequest: MessageTypeDefinition<_parapet_v1_PolicyGrantRequest, _parapet_v1_PolicyGrantRequest__Output>
      RemovePolicyGrantRequest: MessageTypeDefinition<_parapet_v1_RemovePolicyGrantRequest, _parapet_v1_RemovePolicyGrantRequest__Output>
      RenameSessionRequest: MessageTypeDefinition<_parapet_v1_RenameSessionRequest, _parapet_v1_RenameSessionRequest__Output>
      ResolveApprovalRequest: MessageTypeDefinition<_parapet_v1_ResolveApprovalRequest, _parapet_v1_ResolveApprovalRequest__Output>
      ResolveApprovalResponse: MessageTypeDefinition<_parapet_v1_ResolveApprovalResponse, _parapet_v1_ResolveApprovalResponse__Output>
      ResponseCompleteEvent: MessageTypeDefinition<_parapet_v1_ResponseCompleteEvent, _parapet_v1_ResponseCompleteEvent__Output>
      RollbackFailure: MessageTypeDefinition<_parapet_v1_RollbackFailure, _parapet_v1_RollbackFailure__Output>
      RollbackSnapshotRequest: MessageTypeDefinition<_parapet_v1_RollbackSnapshotRequest, _parapet_v1_RollbackSnapshotRequest__Output>
      RollbackSnapshotResponse: MessageTypeDefinition<_parapet_v1_RollbackSnapshotResponse, _parapet_v1_RollbackSnapshotResponse__Output>
      RuleCount: MessageTypeDefinition<_parapet_v1_RuleCount, _parapet_v1_RuleCount__Output>
      SandboxStatus: MessageTypeDefinition<_parapet_v1_SandboxStatus, _parapet_v1_SandboxStatus__Output>
      SendMessageRequest: MessageTypeDefinition<_parapet_v1_SendMessageRequest, _parapet_v1_SendMessageRequest__Output>
      SessionCreated: MessageTypeDefinition<_parapet_v1_SessionCreated, _parapet_v1_SessionCreated__Output>
      SessionLabel: MessageTypeDefinition<_parapet_v1_SessionLabel, _parapet_v1_SessionLabel__Output>
      SessionLabeled: MessageTypeDefinition<_parapet_v1_SessionLabeled, _parapet_v1_SessionLabeled__Output>
      SessionSummary: MessageTypeDefinition<_parapet_v1_SessionSummary, _parapet_v1_SessionSummary__Output>
      ShieldStats: MessageTypeDefinition<_parapet_v1_ShieldStats, _parapet_v1_ShieldStats__Output>
      ShieldStatus: MessageTypeDefinition<_parapet_v1_ShieldStatus, _parapet_v1_ShieldStatus__Output>
      ShieldVerdict: MessageTypeDefinition<_parapet_v1_ShieldVerdict, _parapet_v1_ShieldVerdict__Output>
      ShowSnapshotRequest: MessageTypeDefinition<_parapet_v1_ShowSnapshotRequest, _parapet_v1_ShowSnapshotRequest__Output>
      ShowSnapshotResponse: MessageTypeDefinition<_parapet_v1_ShowSnapshotResponse, _parapet_v1_ShowSnapshotResponse__Output>
      SnapshotChanges: MessageTypeDefinition<_parapet_v1_SnapshotChanges, _parapet_v1_SnapshotChanges__Output>
      SnapshotEntry: MessageTypeDefinition<_parapet_v1_SnapshotEntry, _parapet_v1_SnapshotEntry__Output>
      SnapshotSummary: MessageTypeDefinition<_parapet_v1_SnapshotSummary, _parapet_v1_SnapshotSummary__Output>
      Status: MessageTypeDefinition<_parapet_v1_Status, _parapet_v1_Status__Output>
      StoredMessage: MessageTypeDefinition<_parapet_v1_StoredMessage, _parapet_v1_StoredMessage__Output>
      SubagentChanged: MessageTypeDefinition<_parapet_v1_SubagentChanged, _parapet_v1_SubagentChanged__Output>
      TelegramStatus: MessageTypeDefinition<_parapet_v1_TelegramStatus, _parapet_v1_TelegramStatus__Output>
      TierLatency: MessageTypeDefinition<_parapet_v1_TierLatency, _parapet_v1_TierLatency__Output>
      TierStatus: MessageTypeDefinition<_parapet_v1_TierStatus, _parapet_v1_TierStatus__Output>
      ToolCall: MessageTypeDefinition<_parapet_v1_ToolCall, _parapet_v1_ToolCall__Output>
      ToolDef: MessageTypeDefinition<_parapet_v1_ToolDef, _parapet_v1_ToolDef__Output>
      ToolGroup: MessageTypeDefinition<_parapet_v1_ToolGroup, _parapet_v1_ToolGroup__Output>
      TraceSpan: MessageTypeDefinition<_parapet_v1_TraceSpan, _parapet_v1_TraceSpan__Output>
      TurnCapped: MessageTypeDefinition<_parapet_v1_TurnCapped, _parapet_v1_TurnCapped__Output>
      TurnQueued: MessageTypeDefinition<_parapet_v1_TurnQueued, _parapet_v1_TurnQueued__Output>
      Usage: MessageTypeDefinition<_parapet_v1_Usage, _parapet_v1_Usage__Output>
      VerdictCount: MessageTypeDefinition<_parapet_v1_VerdictCount, _parapet_v1_VerdictCount__Output>
      VerifyAuditRequest: MessageTypeDefinition<_parapet_v1_VerifyAuditRequest, _parapet_v1_VerifyAuditRequest__Output>
      VerifyAuditResponse: MessageTypeDefinition<_parapet_v1_VerifyAuditResponse, _parapet_v1_VerifyAuditResponse__Output>
      WatchRequest: MessageTypeDefinition<_parapet_v1_WatchRequest, _parapet_v1_WatchRequest__Output>
      WebLogin: MessageTypeDefinition<_parapet_v1_WebLogin, _parapet_v1_WebLogin__Output>
    }
  }
}

