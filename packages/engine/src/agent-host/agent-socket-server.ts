import { Server, ServerCredentials, type ServerDuplexStream } from '@grpc/grpc-js';
import {
  ParapetError,
  agentServiceDefinition,
  toGrpcStatus,
  type AgentEvent__Output,
  type EngineDirective,
  type Ready__Output,
} from '@parapet/wire';
import { chmod, lstat, mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { tokensMatch } from './spawn-token.js';
import type { Logger } from '../logging/port.js';

const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** A connection that says nothing is refused rather than held open. */
const FIRST_MESSAGE_TIMEOUT_MS = 5000;

type AgentCall = ServerDuplexStream<AgentEvent__Output, EngineDirective>;

/** The live, authenticated stream to the agent. */
export interface AgentConnection {
  send(directive: EngineDirective): void;
  /** Events received before a listener is set are kept and delivered to it. */
  onEvent(listener: (event: AgentEvent__Output) => void): void;
  onClose(listener: () => void): void;
  close(): void;
}

export interface AcceptedAgent {
  ready: Ready__Output;
  connection: AgentConnection;
}

export interface AgentSocketServer {
  readonly socketPath: string;
  /** Resolves with the next connection whose first message is `ready` carrying this token (single use). */
  expect(token: string): Promise<AcceptedAgent>;
  cancelExpectation(reason: Error): void;
  close(): Promise<void>;
}

interface Expectation {
  token: string;
  resolve(accepted: AcceptedAgent): void;
  reject(reason: Error): void;
}

/**
 * The gRPC server the agent connects to, on `<runtimeDir>/agent.sock`. The directory is 0700 before
 * bind, so the socket is never reachable by others even before its own chmod 0600. At most one
 * agent session is live; every other connection, and any first message that is not `ready` with
 * the expected token, is closed with AGENT_UNAUTHENTICATED.
 */
export async function openAgentSocketServer(runtimeDir: string, logger: Logger): Promise<AgentSocketServer> {
  await mkdir(runtimeDir, { recursive: true, mode: 0o700 });
  await chmod(runtimeDir, 0o700);
  const socketPath = join(runtimeDir, 'agent.sock');
  await removeStaleSocket(socketPath);

  let expectation: Expectation | undefined;
  let live: AgentConnection | undefined;

  const refuse = (call: AgentCall, reason: string): void => {
    logger.warn({ reason }, 'agent connection refused');
    call.emit('error', toGrpcStatus(new ParapetError('AGENT_UNAUTHENTICATED', `agent session refused: ${reason}`)));
  };

  const runSession = (call: AgentCall): void => {
    call.on('error', () => undefined);
    if (live) return refuse(call, 'an agent session is already live');
    const timer = setTimeout(() => refuse(call, 'no ready message'), FIRST_MESSAGE_TIMEOUT_MS);
    call.once('data', (first: AgentEvent__Output) => {
      clearTimeout(timer);
      const pending = expectation;
      if (first.event !== 'ready' || !first.ready) return refuse(call, 'the first message was not ready');
      if (!pending || !tokensMatch(pending.token, first.ready.token)) return refuse(call, 'wrong or expired token');
      if (live) return refuse(call, 'an agent session is already live');
      expectation = undefined;
      const connection = wrapCall(call);
      live = connection;
      connection.onClose(() => {
        if (live === connection) live = undefined;
      });
      pending.resolve({ ready: first.ready, connection });
    });
    call.once('close', () => clearTimeout(timer));
  };

  const server = new Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  server.addService(agentServiceDefinition(), { RunSession: runSession });
  await new Promise<void>((resolve, reject) => {
    server.bindAsync(`unix:${socketPath}`, ServerCredentials.createInsecure(), (error) => (error ? reject(error) : resolve()));
  });
  await chmod(socketPath, 0o600);

  return {
    socketPath,
    expect(token) {
      expectation?.reject(new ParapetError('AGENT_UNAVAILABLE', 'superseded by a newer agent spawn', true));
      return new Promise((resolve, reject) => {
        expectation = { token, resolve, reject };
      });
    },
    cancelExpectation(reason) {
      expectation?.reject(reason);
      expectation = undefined;
    },
    async close() {
      expectation?.reject(new ParapetError('AGENT_UNAVAILABLE', 'the agent server is closing'));
      expectation = undefined;
      live?.close();
      server.forceShutdown();
      await unlink(socketPath).catch(() => undefined);
    },
  };
}

function wrapCall(call: AgentCall): AgentConnection {
  const backlog: AgentEvent__Output[] = [];
  let eventListener: ((event: AgentEvent__Output) => void) | undefined;
  const closeListeners: Array<() => void> = [];
  let closed = false;
  const markClosed = (): void => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener();
  };
  call.on('data', (event: AgentEvent__Output) => {
    if (eventListener) eventListener(event);
    else backlog.push(event);
  });
  call.on('end', () => {
    if (!call.writableEnded) call.end();
    markClosed();
  });
  call.on('cancelled', markClosed);
  call.on('close', markClosed);
  call.on('error', markClosed);
  return {
    send(directive) {
      if (!closed && !call.writableEnded) call.write(directive);
    },
    onEvent(listener) {
      eventListener = listener;
      for (const event of backlog.splice(0)) listener(event);
    },
    onClose(listener) {
      if (closed) listener();
      else closeListeners.push(listener);
    },
    close() {
      if (!call.writableEnded) call.end();
      markClosed();
    },
  };
}

async function removeStaleSocket(socketPath: string): Promise<void> {
  const existing = await lstat(socketPath).catch(() => undefined);
  if (!existing) return;
  if (!existing.isSocket()) throw new ParapetError('AGENT_UNAVAILABLE', `${socketPath} exists and is not a socket; refusing to replace it`);
  await unlink(socketPath);
}
