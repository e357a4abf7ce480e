import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AgentError as _parapet_v1_AgentError, AgentError__Output as _parapet_v1_AgentError__Output } from './parapet/v1/AgentError.js';
import type { AgentEvent as _parapet_v1_AgentEvent, AgentEvent__Output as _parapet_v1_AgentEvent__Output } from './parapet/v1/AgentEvent.js';
import type { AgentServiceClient as _parapet_v1_AgentServiceClient, AgentServiceDefinition as _parapet_v1_AgentServiceDefinition } from './parapet/v1/AgentService.js';
import type { CanaryResult as _parapet_v1_CanaryResult, CanaryResult__Output as _parapet_v1_CanaryResult__Output } from './parapet/v1/CanaryResult.js';
import type { Cancel as _parapet_v1_Cancel, Cancel__Output as _parapet_v1_Cancel__Output } from './parapet/v1/Cancel.js';
import type { ChatMessage as _parapet_v1_ChatMessage, ChatMessage__Output as _parapet_v1_ChatMessage__Output } from './parapet/v1/ChatMessage.js';
import type { EngineDirective as _parapet_v1_EngineDirective, EngineDirective__Output as _parapet_v1_EngineDirective__Output } from './parapet/v1/EngineDirective.js';
import type { HistoryCompacted as _parapet_v1_HistoryCompacted, HistoryCompacted__Output as _parapet_v1_HistoryCompacted__Output } from './parapet/v1/HistoryCompacted.js';
import type { InitialToolDefs as _parapet_v1_InitialToolDefs, InitialToolDefs__Output as _parapet_v1_InitialToolDefs__Output } from './parapet/v1/InitialToolDefs.js';
import type { LlmFailure as _parapet_v1_LlmFailure, LlmFailure__Output as _parapet_v1_LlmFailure__Output } from './parapet/v1/LlmFailure.js';
import type { LlmFinish as _parapet_v1_LlmFinish, LlmFinish__Output as _parapet_v1_LlmFinish__Output } from './parapet/v1/LlmFinish.js';
import type { LlmPart as _parapet_v1_LlmPart, LlmPart__Output as _parapet_v1_LlmPart__Output } from './parapet/v1/LlmPart.js';
import type { LlmRequest as _parapet_v1_LlmRequest, LlmRequest__Output as _parapet_v1_LlmRequest__Output } from './parapet/v1/LlmRequest.js';
import type { MemoryFlush as _parapet_v1_MemoryFlush, MemoryFlush__Output as _parapet_v1_MemoryFlush__Output } from './parapet/v1/MemoryFlush.js';
import type { Process as _parapet_v1_Process, Process__Output as _parapet_v1_Process__Output } from './parapet/v1/Process.js';
import type { Ready as _parapet_v1_Ready, Ready__Output as _parapet_v1_Ready__Output } from './parapet/v1/Ready.js';
import type { ResponseComplete as _parapet_v1_ResponseComplete, ResponseComplete__Output as _parapet_v1_ResponseComplete__Output } from './parapet/v1/ResponseComplete.js';
import type { Shutdown as _parapet_v1_Shutdown, Shutdown__Output as _parapet_v1_Shutdown__Output } from './parapet/v1/Shutdown.js';
import type { TokenDelta as _parapet_v1_TokenDelta, TokenDelta__Output as _parapet_v1_TokenDelta__Output } from './parapet/v1/TokenDelta.js';
import type { ToolCall as _parapet_v1_ToolCall, ToolCall__Output as _parapet_v1_ToolCall__Output } from './parapet/v1/ToolCall.js';
import type { ToolDef as _parapet_v1_ToolDef, ToolDef__Output as _parapet_v1_ToolDef__Output } from './parapet/v1/ToolDef.js';
import type { ToolDefs as _parapet_v1_ToolDefs, ToolDefs__Output as _parapet_v1_ToolDefs__Output } from './parapet/v1/ToolDefs.js';
import type { ToolDefsRequest as _parapet_v1_ToolDefsRequest, ToolDefsRequest__Output as _parapet_v1_ToolDefsRequest__Output } from './parapet/v1/ToolDefsRequest.js';
import type { ToolGroup as _parapet_v1_ToolGroup, ToolGroup__Output as _parapet_v1_ToolGroup__Output } from './parapet/v1/ToolGroup.js';
import type { ToolProposal as _parapet_v1_ToolProposal, ToolProposal__Output as _parapet_v1_ToolProposal__Output } from './parapet/v1/ToolProposal.js';
import type { ToolResult as _parapet_v1_ToolResult, ToolResult__Output as _parapet_v1_ToolResult__Output } from './parapet/v1/ToolResult.js';
import type { Usage as _parapet_v1_Usage, Usage__Output as _parapet_v1_Usage__Output } from './parapet/v1/Usage.js';
import type { WorkspaceFile as _parapet_v1_WorkspaceFile, WorkspaceFile__Output as _parapet_v1_WorkspaceFile__Output } from './parapet/v1/WorkspaceFile.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  parapet: {
    v1: {
      AgentError: MessageTypeDefinition<_parapet_v1_AgentError, _parapet_v1_AgentError__Output>
      AgentEvent: MessageTypeDefinition<_parapet_v1_AgentEvent, _parapet_v1_AgentEvent__Output>
      AgentService: SubtypeConstructor<typeof grpc.Client, _parapet_v1_AgentServiceClient> & { service: _parapet_v1_AgentServiceDefinition }
      CanaryResult: MessageTypeDefinition<_parapet_v1_CanaryResult, _parapet_v1_CanaryResult__Output>
      Cancel: MessageTypeDefinition<_parapet_v1_Cancel, _parapet_v1_Cancel__Output>
      ChatMessage: MessageTypeDefinition<_parapet_v1_ChatMessage, _parapet_v1_ChatMessage__Output>
      EngineDirective: MessageTypeDefinition<_parapet_v1_EngineDirective, _parapet_v1_EngineDirective__Output>
      HistoryCompacted: MessageTypeDefinition<_parapet_v1_HistoryCompacted, _parapet_v1_HistoryCompacted__Output>
      InitialToolDefs: MessageTypeDefinition<_parapet_v1_InitialToolDefs, _parapet_v1_InitialToolDefs__Output>
      LlmFailure: MessageTypeDefinition<_parapet_v1_LlmFailure, _parapet_v1_LlmFailure__Output>
      LlmFinish: MessageTypeDefinition<_parapet_v1_LlmFinish, _parapet_v1_LlmFinish__Output>
      LlmPart: MessageTypeDefinition<_parapet_v1_LlmPart, _parapet_v1_LlmPart__Output>
      LlmRequest: MessageTypeDefinition<_parapet_v1_LlmRequest, _parapet_v1_LlmRequest__Output>
      MemoryFlush: MessageTypeDefinition<_parapet_v1_MemoryFlush, _parapet_v1_MemoryFlush__Output>
      Process: MessageTypeDefinition<_parapet_v1_Process, _parapet_v1_Process__Output>
      Ready: MessageTypeDefinition<_parapet_v1_Ready, _parapet_v1_Ready__Output>
      ResponseComplete: MessageTypeDefinition<_parapet_v1_ResponseComplete, _parapet_v1_ResponseComplete__Output>
      Shutdown: MessageTypeDefinition<_parapet_v1_Shutdown, _parapet_v1_Shutdown__Output>
      TokenDelta: MessageTypeDefinition<_parapet_v1_TokenDelta, _parapet_v1_TokenDelta__Output>
      ToolCall: MessageTypeDefinition<_parapet_v1_ToolCall, _parapet_v1_ToolCall__Output>
      ToolDef: MessageTypeDefinition<_parapet_v1_ToolDef, _parapet_v1_ToolDef__Output>
      ToolDefs: MessageTypeDefinition<_parapet_v1_ToolDefs, _parapet_v1_ToolDefs__Output>
      ToolDefsRequest: MessageTypeDefinition<_parapet_v1_ToolDefsRequest, _parapet_v1_ToolDefsRequest__Output>
      ToolGroup: MessageTypeDefinition<_parapet_v1_ToolGroup, _parapet_v1_ToolGroup__Output>
      ToolProposal: MessageTypeDefinition<_parapet_v1_ToolProposal, _parapet_v1_ToolProposal__Output>
      ToolResult: MessageTypeDefinition<_parapet_v1_ToolResult, _parapet_v1_ToolResult__Output>
      Usage: MessageTypeDefinition<_parapet_v1_Usage, _parapet_v1_Usage__Output>
      WorkspaceFile: MessageTypeDefinition<_parapet_v1_WorkspaceFile, _parapet_v1_WorkspaceFile__Output>
    }
  }
}

