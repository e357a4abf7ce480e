import { credentials, type ClientDuplexStream } from '@grpc/grpc-js';
import { agentServiceClient, fromGrpcError, type AgentEvent, type EngineDirective__Output } from '@parapet/wire';
import type { AgentTransport } from './agent-transport.js';
import { AsyncQueue, QueueClosedError } from './async-queue.js';

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
    directives: directivesOf(call),
    send(event) {
      if (!call.writableEnded) call.write(event);
    },
    close() {
      if (!call.writableEnded) call.end();
      client.close();
    },
  };
}

/**
 * The stream's messages as an async iterable, fed by 'data' events: one queue hop per directive
 * instead of the stream's own async iterator plus a wrapping generator. Errors arrive as ParapetErrors.
 */
function directivesOf(call: ClientDuplexStream<AgentEvent, EngineDirective__Output>): AsyncIterable<EngineDirective__Output> {
  const queue = new AsyncQueue<EngineDirective__Output>();
  call.on('data', (directive: EngineDirective__Output) => queue.push(directive));
  // What arrived before the end (e.g. \`shutdown\`) is still delivered.
  call.on('end', () => queue.end());
  call.on('error', (error: unknown) => queue.end(fromGrpcError(error)));
  return {
    [Symbol.asyncIterator]: () => ({
      next: () =>
        queue.take().then(
          (value): IteratorResult<EngineDirective__Output> => ({ value, done: false }),
          (error: unknown): IteratorResult<EngineDirective__Output> => {
            if (error instanceof QueueClosedError) return { value: undefined, done: true };
            throw error;
          },
        ),
    }),
  };
}
