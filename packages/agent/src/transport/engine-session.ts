import { credentials, type ClientDuplexStream } from '@grpc/grpc-js';
import { agentServiceClient, fromGrpcError, type AgentEvent, type EngineDirective__Output } from '@parapet/wire';
import type { AgentTransport } from './agent-transport.js';

/** Long histories and tool outputs travel in one message; the 4 MB gRPC default is too small. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Opens `AgentService.RunSession` on the engine's Unix socket and exposes it as an AgentTransport. */
export function connectToEngine(socketPath: string): AgentTransport {
  const AgentServiceClient = agentServiceClient();
  const client = new AgentServiceClient(`unix:${socketPath}`, credentials.createInsecure(), {
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  const call = client.RunSession();
  return {
    directives: readDirectives(call),
    send(event) {
      if (!call.writableEnded) call.write(event);
    },
    close() {
      if (!call.writableEnded) call.end();
      client.close();
    },
  };
}

async function* readDirectives(
  call: ClientDuplexStream<AgentEvent, EngineDirective__Output>,
): AsyncGenerator<EngineDirective__Output> {
  try {
    for await (const directive of call) yield directive as EngineDirective__Output;
  } catch (error) {
    throw fromGrpcError(error);
  }
}
