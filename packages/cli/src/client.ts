import { readFile } from 'node:fs/promises';
import { credentials, Metadata, type ServiceError } from '@grpc/grpc-js';
import {
  approvalFromProto,
  approvalsFromProto,
  auditFromProto,
  auditRecordsFromProto,
  decisionToProto,
  deletedFromProto,
  diffFromProto,
  eventFromProto,
  grantChangeFromProto,
  grantRequestToProto,
  grantsFromProto,
  historyFromProto,
  labelsFromProto,
  rollbackFromProto,
  sendRequestToProto,
  sessionFromProto,
  sessionsFromProto,
  shieldStatsFromProto,
  snapshotDetailFromProto,
  snapshotsFromProto,
  statusFromProto,
  traceFromProto,
  webLoginFromProto,
  type ClientApi,
  type EngineEvent,
  type EventStreamHooks,
  type SendMessageInput,
  type WatchInput,
} from '@parapet/wire/client';
import { clientServiceClient, fromGrpcError, ParapetError, type ClientServiceClient, type Event__Output } from '@parapet/wire';

/** The ClientApi over gRPC: each message of a stream is one event, so its streams yield single events. */
export interface EngineClient extends ClientApi {
  sendMessage(request: SendMessageInput, signal: AbortSignal, hooks?: EventStreamHooks): AsyncIterable<EngineEvent>;
  watch(request: WatchInput, signal: AbortSignal, hooks?: EventStreamHooks): AsyncIterable<EngineEvent>;
  close(): void;
}

export interface ConnectOptions {
  readonly socketPath: string;
  readonly tokenPath: string;
  /** Deadline of the request/response calls; turns stream as long as they take. */
  readonly unaryTimeoutMs?: number;
}

const DEFAULT_UNARY_TIMEOUT_MS = 30_000;

export function engineUnreachable(socketPath: string): ParapetError {
  return new ParapetError('ENGINE_UNAVAILABLE', `cannot reach the engine at ${socketPath}: is \`parapet start\` running?`, true);
}

/** The engine writes a fresh token at every start; no token file means no engine has started. */
async function readToken(tokenPath: string, socketPath: string): Promise<string> {
  try {
    const token = (await readFile(tokenPath, 'utf8')).trim();
    if (token === '') throw engineUnreachable(socketPath);
    return token;
  } catch (error) {
    if (error instanceof ParapetError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw engineUnreachable(socketPath);
    throw new ParapetError('CLIENT_UNAUTHENTICATED', `cannot read the client token ${tokenPath} (${code ?? 'error'})`);
  }
}

/** A gRPC client of the engine's ClientService that speaks domain types (the ClientApi port). */
export async function connectEngine(options: ConnectOptions): Promise<EngineClient> {
  const { socketPath } = options;
  const token = await readToken(options.tokenPath, socketPath);
  const Client = clientServiceClient();
  const rpc: ClientServiceClient = new Client(`unix:${socketPath}`, credentials.createInsecure());
  const timeoutMs = options.unaryTimeoutMs ?? DEFAULT_UNARY_TIMEOUT_MS;

  const metadata = (): Metadata => {
    const value = new Metadata();
    value.set('authorization', `Bearer ${token}`);
    return value;
  };

  const translate = (error: unknown): ParapetError => {
    const parapet = fromGrpcError(error);
    return parapet.code === 'ENGINE_UNAVAILABLE' ? engineUnreachable(socketPath) : parapet;
  };

  function unary<Response>(invoke: (meta: Metadata, deadline: Date, done: (error: ServiceError | null, value?: Response) => void) => void): Promise<Response> {
    return new Promise((resolve, reject) => {
      invoke(metadata(), new Date(Date.now() + timeoutMs), (error, value) => {
        if (error) reject(translate(error));
        else if (value === undefined) reject(new ParapetError('INTERNAL', 'the engine sent an empty answer'));
        else resolve(value);
      });
    });
  }

  function sendMessage(request: SendMessageInput, signal: AbortSignal, hooks: EventStreamHooks = {}): AsyncIterable<EngineEvent> {
    return streamEvents(() => rpc.SendMessage(sendRequestToProto(request), metadata()), signal, hooks.onLive);
  }

  function watch(request: WatchInput, signal: AbortSignal, hooks: EventStreamHooks = {}): AsyncIterable<EngineEvent> {
    const wire = {
      session_id: request.sessionId ?? '',
      replay: request.afterSeq !== undefined,
      after_seq: request.afterSeq ?? 0,
    };
    return streamEvents(() => rpc.Watch(wire, metadata()), signal, hooks.onLive);
  }

  async function* streamEvents(
    open: () => ReturnType<ClientServiceClient['Watch']>,
    signal: AbortSignal,
    onLive?: () => void,
  ): AsyncIterable<EngineEvent> {
    const stream = open();
    if (onLive) stream.once('metadata', onLive);
    const cancel = (): void => stream.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      for await (const message of stream as AsyncIterable<Event__Output>) {
        const event = eventFromProto(message);
        if (event) yield event;
      }
    } catch (error) {
      if (signal.aborted) throw new ParapetError('TURN_CANCELLED', 'turn cancelled');
      throw translate(error);
    } finally {
      signal.removeEventListener('abort', cancel);
      // Leaving the loop early (the caller stopped reading) must not leave the turn streaming.
      stream.cancel();
    }
  }

  return {
    sendMessage,
    listSessions: async (limit) => sessionsFromProto(await unary((meta, deadline, done) => rpc.ListSessions({ limit }, meta, { deadline }, done))),
    getHistory: async (sessionId, page = {}) =>
      historyFromProto(
        await unary((meta, deadline, done) =>
          rpc.GetHistory({ session_id: sessionId, limit: page.limit ?? 0, page_token: page.pageToken ?? '' }, meta, { deadline }, done),
        ),
      ),
    status: async () => statusFromProto(await unary((meta, deadline, done) => rpc.GetStatus({}, meta, { deadline }, done))),
    verifyAudit: async () => auditFromProto(await unary((meta, deadline, done) => rpc.VerifyAudit({}, meta, { deadline }, done))),
    listAudit: async (request) =>
      auditRecordsFromProto(
        await unary((meta, deadline, done) =>
          rpc.ListAudit(
            { session_id: request.sessionId ?? '', kind: request.kind ?? '', limit: request.limit, before_seq: request.beforeSeq ?? 0 },
            meta,
            { deadline },
            done,
          ),
        ),
      ),
    shieldStats: async (bucketSeconds) =>
      shieldStatsFromProto(await unary((meta, deadline, done) => rpc.GetShieldStats({ bucket_seconds: bucketSeconds }, meta, { deadline }, done))),
    createWebLogin: async () => webLoginFromProto(await unary((meta, deadline, done) => rpc.CreateWebLogin({}, meta, { deadline }, done))),
    watch,
    resolveApproval: async (decision) => {
      const response = await unary<{ approval: Parameters<typeof approvalFromProto>[0] }>((meta, deadline, done) =>
        rpc.ResolveApproval(decisionToProto(decision), meta, { deadline }, done),
      );
      return approvalFromProto(response.approval);
    },
    listApprovals: async ({ pendingOnly, limit }) =>
      approvalsFromProto(
        await unary((meta, deadline, done) => rpc.ListApprovals({ pending_only: pendingOnly, limit: limit ?? 0 }, meta, { deadline }, done)),
      ),
    listSnapshots: async (sessionId, limit) =>
      snapshotsFromProto(await unary((meta, deadline, done) => rpc.ListSnapshots({ session_id: sessionId ?? '', limit }, meta, { deadline }, done))),
    showSnapshot: async (id) => snapshotDetailFromProto(await unary((meta, deadline, done) => rpc.ShowSnapshot({ snapshot_id: id }, meta, { deadline }, done))),
    diffSnapshot: async (id, path) =>
      diffFromProto(await unary((meta, deadline, done) => rpc.DiffSnapshot({ snapshot_id: id, path: path ?? '' }, meta, { deadline }, done))),
    rollbackSnapshot: async (id, path) =>
      rollbackFromProto(await unary((meta, deadline, done) => rpc.RollbackSnapshot({ snapshot_id: id, path: path ?? '' }, meta, { deadline }, done))),
    sessionLabels: async (sessionId) =>
      labelsFromProto(await unary((meta, deadline, done) => rpc.GetSessionLabels({ session_id: sessionId }, meta, { deadline }, done))),
    renameSession: async (sessionId, title) =>
      sessionFromProto(await unary((meta, deadline, done) => rpc.RenameSession({ session_id: sessionId, title }, meta, { deadline }, done))),
    deleteSession: async (sessionId) =>
      deletedFromProto(await unary((meta, deadline, done) => rpc.DeleteSession({ session_id: sessionId }, meta, { deadline }, done))),
    proposePolicyGrant: async (input) =>
      grantChangeFromProto(await unary((meta, deadline, done) => rpc.ProposePolicyGrant(grantRequestToProto(input), meta, { deadline }, done))),
    addPolicyGrant: async (input) =>
      grantChangeFromProto(await unary((meta, deadline, done) => rpc.AddPolicyGrant(grantRequestToProto(input), meta, { deadline }, done))),
    listPolicyGrants: async () => grantsFromProto(await unary((meta, deadline, done) => rpc.ListPolicyGrants({}, meta, { deadline }, done))),
    removePolicyGrant: async (name) =>
      grantChangeFromProto(await unary((meta, deadline, done) => rpc.RemovePolicyGrant({ name }, meta, { deadline }, done))),
    getTrace: async (turnId) => traceFromProto(await unary((meta, deadline, done) => rpc.GetTrace({ turn_id: turnId ?? '' }, meta, { deadline }, done))),
    close: () => rpc.close(),
  };
}
