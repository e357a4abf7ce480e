import { chmod } from 'node:fs/promises';
import { Metadata, Server, ServerCredentials, type ServerWritableStream, type StatusObject } from '@grpc/grpc-js';
import {
  ParapetError,
  clientServiceDefinition,
  toGrpcStatus,
  type ClientServiceHandlers,
  type Event,
} from '@parapet/wire';
import { createTokenCheck } from './auth.js';
import {
  eventToProto,
  sendRequestFromProto,
  type ClientApi,
  type EngineEvent,
  type EventStreamHooks,
  type EventStreamItem,
} from '@parapet/wire/client';
import { validateWatch } from './validate-approvals.js';
import { prepareSocketPath, removeSocketFile } from './socket-file.js';
import type { Logger } from '../logging/port.js';
import { invalidUtf8FieldsOf, withUtf8Check } from './utf8-check.js';
import { sendRequestFromWire } from './validate-request.js';
import { unaryCalls } from './unary-calls.js';

export interface ClientServerOptions {
  readonly socketPath: string;
  readonly token: string;
  readonly api: ClientApi;
  readonly logger: Logger;
  /** How much of a bad value an error message quotes. */
  readonly maxEchoBytes?: number;
  /** How long a client may take nothing off its stream, while events wait, before it is dropped. */
  readonly stalledClientMs?: number;
  /** How long close() lets running streams finish before cutting them. */
  readonly shutdownGraceMs?: number;
}

export interface ClientServer {
  readonly socketPath: string;
  close(): Promise<void>;
}

const DEFAULT_SHUTDOWN_GRACE_MS = 2000;
const DEFAULT_STALLED_CLIENT_MS = 30_000;

/**
 * What grpc-js itself accepts from a client. Far above any configured message limit, so an
 * oversized message reaches our validation and is refused with MESSAGE_TOO_LARGE rather than
 * grpc-js's bare RESOURCE_EXHAUSTED; only a request beyond this ceiling still gets the bare one.
 */
const RECEIVE_CEILING_BYTES = 64 * 1024 * 1024;

export async function startClientServer(options: ClientServerOptions): Promise<ClientServer> {
  const { socketPath, api, logger } = options;
  const checkToken = createTokenCheck(options.token);
  const stalledClientMs = options.stalledClientMs ?? DEFAULT_STALLED_CLIENT_MS;

  /** ParapetErrors carry safe messages; anything else is logged here and reaches the client as INTERNAL. */
  function statusFor(method: string, error: unknown): Partial<StatusObject> {
    if (error instanceof ParapetError) {
      if (error.code === 'CLIENT_UNAUTHENTICATED') logger.warn({ method }, 'client call refused: bad token');
    } else {
      logger.error({ method, err: error }, 'client call failed');
    }
    return toGrpcStatus(error);
  }

  function unary<Request, Response>(method: string, run: (request: Request) => Promise<Response>) {
    return (call: { request: Request; metadata: Metadata }, callback: (error: Partial<StatusObject> | null, value?: Response) => void) => {
      Promise.resolve()
        .then(() => {
          checkToken(call.metadata);
          return run(call.request);
        })
        .then(
          (response) => callback(null, response),
          (error: unknown) => callback(statusFor(method, error)),
        );
    };
  }

  type EventSource = (signal: AbortSignal, hooks: EventStreamHooks) => AsyncIterable<EventStreamItem>;

  /** SendMessage and Watch: the events of `open`, written as fast as the client takes them. */
  async function streamEvents<Request>(
    method: string,
    call: ServerWritableStream<Request, Event>,
    open: () => EventSource,
  ): Promise<void> {
    const abort = new AbortController();
    // Set when the broadcaster gave up on this client: stop waiting for it to drain, send the
    // farewell and end, so nothing more piles up for a client that stopped reading.
    const dropped = new AbortController();
    call.on('cancelled', () => abort.abort());
    try {
      checkToken(call.metadata);
      const source = open();
      let last: EngineEvent | undefined;
      let stalled = false;
      const hooks: EventStreamHooks = {
        // Headers now: the client learns that its stream is subscribed before any event comes.
        onLive: () => call.sendMetadata(new Metadata()),
        onDropped: () => dropped.abort(),
      };
      // Leaving this loop early (cancel, stall) returns the stream, which unsubscribes it.
      turn: for await (const item of source(abort.signal, hooks)) {
        for (const event of Array.isArray(item) ? item : [item]) {
          if (abort.signal.aborted) break turn;
          if (dropped.signal.aborted && !(event.type === 'error' && event.code === 'SUBSCRIBER_DROPPED')) continue;
          last = event;
          if (call.write(eventToProto(event)) || dropped.signal.aborted) continue;
          if ((await drained(call, AbortSignal.any([abort.signal, dropped.signal]), stalledClientMs)) === 'stalled') {
            stalled = true;
            break turn;
          }
        }
      }
      if (stalled && last) {
        logger.warn({ sessionId: last.sessionId, stalledClientMs }, 'client stream dropped: the client read nothing');
        call.write(eventToProto(stalledFarewell(last, stalledClientMs)));
      }
      if (!abort.signal.aborted) call.end();
    } catch (error) {
      if (!abort.signal.aborted) call.emit('error', statusFor(method, error));
    }
  }

  const calls = unaryCalls(api);
  const handlers: ClientServiceHandlers = {
    SendMessage: (call) =>
      void streamEvents('SendMessage', call, () => {
        const input = sendRequestFromWire(sendRequestFromProto(call.request, invalidUtf8FieldsOf(call.request)), options.maxEchoBytes);
        return (signal, hooks) => api.sendMessage(input, signal, hooks);
      }),
    Watch: (call) =>
      void streamEvents('Watch', call, () => {
        const input = validateWatch(call.request);
        return (signal, hooks) => api.watch(input, signal, hooks);
      }),
    ResolveApproval: unary('ResolveApproval', calls.ResolveApproval.run),
    ListApprovals: unary('ListApprovals', calls.ListApprovals.run),
    ListSessions: unary('ListSessions', calls.ListSessions.run),
    GetHistory: unary('GetHistory', calls.GetHistory.run),
    GetStatus: unary('GetStatus', calls.GetStatus.run),
    VerifyAudit: unary('VerifyAudit', calls.VerifyAudit.run),
    CreateWebLogin: unary('CreateWebLogin', calls.CreateWebLogin.run),
    ListAudit: unary('ListAudit', calls.ListAudit.run),
    GetShieldStats: unary('GetShieldStats', calls.GetShieldStats.run),
    ListSnapshots: unary('ListSnapshots', calls.ListSnapshots.run),
    ShowSnapshot: unary('ShowSnapshot', calls.ShowSnapshot.run),
    DiffSnapshot: unary('DiffSnapshot', calls.DiffSnapshot.run),
    RollbackSnapshot: unary('RollbackSnapshot', calls.RollbackSnapshot.run),
    GetSessionLabels: unary('GetSessionLabels', calls.GetSessionLabels.run),
    RenameSession: unary('RenameSession', calls.RenameSession.run),
    DeleteSession: unary('DeleteSession', calls.DeleteSession.run),
    ProposePolicyGrant: unary('ProposePolicyGrant', calls.ProposePolicyGrant.run),
    AddPolicyGrant: unary('AddPolicyGrant', calls.AddPolicyGrant.run),
    ListPolicyGrants: unary('ListPolicyGrants', calls.ListPolicyGrants.run),
    RemovePolicyGrant: unary('RemovePolicyGrant', calls.RemovePolicyGrant.run),
    GetTrace: unary('GetTrace', calls.GetTrace.run),
  };

  await prepareSocketPath(socketPath);
  const server = new Server({ 'grpc.max_receive_message_length': RECEIVE_CEILING_BYTES });
  server.addService(withUtf8Check(clientServiceDefinition()), handlers);
  await new Promise<void>((resolve, reject) => {
    server.bindAsync(`unix:${socketPath}`, ServerCredentials.createInsecure(), (error) => (error ? reject(error) : resolve()));
  });
  // The token is the real gate; 0600 keeps other users from even trying. The folder is 0700 too.
  await chmod(socketPath, 0o600);
  logger.info({ socketPath }, 'client service listening');

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= shutdown(server, options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS).then(() => removeSocketFile(socketPath));
    return closing;
  };
  return { socketPath, close };
}

/** Waits until the client takes more, `signal` aborts, or `stallMs` pass with the client taking nothing. */
function drained<Request>(
  call: ServerWritableStream<Request, Event>,
  signal: AbortSignal,
  stallMs: number,
): Promise<'drained' | 'aborted' | 'stalled'> {
  return new Promise((resolve) => {
    const finish = (outcome: 'drained' | 'aborted' | 'stalled'): void => {
      clearTimeout(timer);
      call.off('drain', onDrain);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onDrain = (): void => finish('drained');
    const onAbort = (): void => finish('aborted');
    const timer = setTimeout(() => finish('stalled'), stallMs);
    call.once('drain', onDrain);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Why the stream ends, for a client that resumes reading at last. */
function stalledFarewell(last: EngineEvent, stallMs: number): EngineEvent {
  return {
    sessionId: last.sessionId,
    turnId: last.turnId,
    seq: last.seq,
    ts: new Date().toISOString(),
    type: 'error',
    code: 'SUBSCRIBER_DROPPED',
    message: `event stream dropped: this client read nothing for ${stallMs} ms`,
    retryable: true,
  };
}

function shutdown(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, graceMs);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}
