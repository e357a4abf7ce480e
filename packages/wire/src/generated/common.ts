import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CanaryResult as _parapet_v1_CanaryResult, CanaryResult__Output as _parapet_v1_CanaryResult__Output } from './parapet/v1/CanaryResult.js';
import type { ChatMessage as _parapet_v1_ChatMessage, ChatMessage__Output as _parapet_v1_ChatMessage__Output } from './parapet/v1/ChatMessage.js';
import type { ToolCall as _parapet_v1_ToolCall, ToolCall__Output as _parapet_v1_ToolCall__Output } from './parapet/v1/ToolCall.js';
import type { ToolDef as _parapet_v1_ToolDef, ToolDef__Output as _parapet_v1_ToolDef__Output } from './parapet/v1/ToolDef.js';
import type { ToolGroup as _parapet_v1_ToolGroup, ToolGroup__Output as _parapet_v1_ToolGroup__Output } from './parapet/v1/ToolGroup.js';
import type { Usage as _parapet_v1_Usage, Usage__Output as _parapet_v1_Usage__Output } from './parapet/v1/Usage.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  parapet: {
    v1: {
      CanaryResult: MessageTypeDefinition<_parapet_v1_CanaryResult, _parapet_v1_CanaryResult__Output>
      ChatMessage: MessageTypeDefinition<_parapet_v1_ChatMessage, _parapet_v1_ChatMessage__Output>
      ToolCall: MessageTypeDefinition<_parapet_v1_ToolCall, _parapet_v1_ToolCall__Output>
      ToolDef: MessageTypeDefinition<_parapet_v1_ToolDef, _parapet_v1_ToolDef__Output>
      ToolGroup: MessageTypeDefinition<_parapet_v1_ToolGroup, _parapet_v1_ToolGroup__Output>
      Usage: MessageTypeDefinition<_parapet_v1_Usage, _parapet_v1_Usage__Output>
    }
  }
}

