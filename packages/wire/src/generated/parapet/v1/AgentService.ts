// Original file: proto/parapet/v1/agent.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AgentEvent as _parapet_v1_AgentEvent, AgentEvent__Output as _parapet_v1_AgentEvent__Output } from '../../parapet/v1/AgentEvent.js';
import type { EngineDirective as _parapet_v1_EngineDirective, EngineDirective__Output as _parapet_v1_EngineDirective__Output } from '../../parapet/v1/EngineDirective.js';

export interface AgentServiceClient extends grpc.Client {
  RunSession(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_parapet_v1_AgentEvent, _parapet_v1_EngineDirective__Output>;
  RunSession(options?: grpc.CallOptions): grpc.ClientDuplexStream<_parapet_v1_AgentEvent, _parapet_v1_EngineDirective__Output>;
  runSession(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_parapet_v1_AgentEvent, _parapet_v1_EngineDirective__Output>;
  runSession(options?: grpc.CallOptions): grpc.ClientDuplexStream<_parapet_v1_AgentEvent, _parapet_v1_EngineDirective__Output>;
  
}

export interface AgentServiceHandlers extends grpc.UntypedServiceImplementation {
  RunSession: grpc.handleBidiStreamingCall<_parapet_v1_AgentEvent__Output, _parapet_v1_EngineDirective>;
  
}

export interface AgentServiceDefinition extends grpc.ServiceDefinition {
  RunSession: MethodDefinition<_parapet_v1_AgentEvent, _parapet_v1_EngineDirective, _parapet_v1_AgentEvent__Output, _parapet_v1_EngineDirective__Output>
}
