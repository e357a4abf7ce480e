import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials, Metadata, type ClientReadableStream } from '@grpc/grpc-js';
import { clientServiceClient, fromGrpcError, ParapetError, type ClientServiceClient, type Event__Output } from '@parapet/wire';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  eventFromProto,
  historyFromProto,
  sessionsFromProto,
  statusFromProto,
  type ClientApi,
  type EngineEvent,
  type EngineStatusSnapshot,
  type SendMessageInput,
  type SessionHistory,
} from '@parapet/wire/client';
import type { Logger } from '../logging/port.js';
import { startClientServer, type ClientServer } from './client-server.js';
import { sendMessagePaused } from './paused-client.test-support.js';

/* A real grpc-js client over a real unix socket against the server, with a scriptable ClientApi. */

const TOKEN = 'test-token-0123456789abcdef';

interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly details: object;
  readonly message: string;
}

function recordingLogger(): Logger & { readonly entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record = (level: LogEntry['level']) => (details: object, message = '') => void entries.push({ level, details, message });
  return { entries, debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
}

interface FakeApi extends ClientApi {
  readonly sent: SendMessageInput[];
  readonly signals: AbortSignal[];
}

function fakeApi(script: Partial<ClientApi>): FakeApi {
  const sent: SendMessageInput[] = [];
  const signals: AbortSignal[] = [];
  const missing = (): never => {
    throw new Error('not scripted');
  };
  return {
    sent,
    signals,
    sendMessage(request, signal, hooks) {
      sent.push(request);
      signals.push(signal);
      return (script.sendMessage ?? missing)(request, signal, hooks);
    },
    listSessions: script.listSessions ?? missing,
    getHistory: script.getHistory ?? missing,
    status: script.status ?? missing,
    verifyAudit: script.verifyAudit ?? missing,
    createWebLogin: script.createWebLogin ?? missing,
    listAudit: script.listAudit ?? missing,
    shieldStats: script.shieldStats ?? missing,
    watch: script.watch ?? missing,
    resolveApproval: script.resolveApproval ?? missing,
    listApprovals: script.listApprovals ?? missing,
    listSnapshots: script.listSnapshots ?? missing,
    showSnapshot: script.showSnapshot ?? missing,
    diffSnapshot: script.diffSnapshot ?? missing,
    rollbackSnapshot: script.rollbackSnapshot ?? missing,
    sessionLabels: script.sessionLabels ?? missing,
    renameSession: script.renameSession ?? missing,
    deleteSession: script.deleteSession ?? missing,
    proposePolicyGrant: script.proposePolicyGrant ?? missing,
    addPolicyGrant: script.addPolicyGrant ?? missing,
    listPolicyGrants: script.listPolicyGrants ?? missing,
    removePolicyGrant: script.removePolicyGrant ?? missing,
    getTrace: script.getTrace ?? missing,
  };
}

function bearer(token: string): Metadata {
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${token}`);
  return metadata;
}

function collect(stream: ClientReadableStream<Event__Output>): Promise<{ events: Event__Output[]; error?: ParapetError }> {
  const events: Event__Output[] = [];
  return new Promise((resolve) => {
    stream.on('data', (event: Event__Output) => events.push(event));
    stream.on('error', (error) => resolve({ events, error: fromGrpcError(error) }));
    stream.on('end', () => resolve({ events }));
  });
}

function unary<T>(invoke: (callback: (error: Error | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    invoke((error, value) => (error ? reject(fromGrpcError(error)) : resolve(value as T)));
  });
}

const envelope = { sessionId: 'S1', turnId: 'T1', ts: '2026-01-01T00:00:00.000Z' };
const oneOfEachEvent: EngineEvent[] = [
  { ...envelope, seq: 1, type: 'session_created', title: 'New session' },
  { ...envelope, seq: 2, type: 'message_stored', messageId: 'M1', role: 'user' },
  { ...envelope, seq: 3, type: 'llm_token', text: 'Looking' },
  { ...envelope, seq: 4, type: 'action_started', actionId: 'A1', callId: 'C1', toolName: 'read_file', actionType: 'read_file', argumentsJson: '{"path":"notes.txt"}', actionHash: 'ab12' },
  { ...envelope, seq: 5, type: 'shield_verdict', actionId: 'A1', decision: 'ALLOW', tier: 0, confidence: 1, reason: 'workspace read', ruleIds: ['policy.allow.workspace'], latencyUs: 42 },
  { ...envelope, seq: 6, type: 'action_completed', actionId: 'A1', callId: 'C1', toolName: 'read_file', isError: false, output: 'hello', errorCode: '' },
  { ...envelope, seq: 7, type: 'response_complete', messageId: 'M2', content: 'It says hello.', thoughts: 'Looking', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } },
  { ...envelope, seq: 8, type: 'error', code: 'LLM_UNAVAILABLE', message: 'model down', retryable: true },
];

/** The events in two batches, as the turn runner hands them out. */
async function* emit(events: readonly EngineEvent[]): AsyncIterable<readonly EngineEvent[]> {
  const half = Math.ceil(events.length / 2);
  if (half > 0) yield events.slice(0, half);
  if (events.length > half) yield events.slice(half);
}

const status: EngineStatusSnapshot = {
  engine: { pid: 101, version: '0.1.0', uptimeMs: 5000, home: '/h', workspace: '/h/workspace' },
  agent: { pid: 202, ready: true, restarts: 1, lastError: '', state: 'ready', degraded: true, nextRestartMs: 0 },
  executor: { pid: 303, ready: true, restarts: 0, lastError: '' },
  labeledSessions: [],
  sandbox: {
    mode: 'strict',
    permissionModel: true,
    networkNamespace: false,
    emptyEnvironment: true,
    canaries: [{ probe: 'fs_write', succeeded: false, detail: 'ERR_ACCESS_DENIED' }],
    missing: ['network_namespace'],
    executorConfined: true,
  },
  model: { baseUrl: 'http://127.0.0.1:9/v1', model: 'demo', demo: true },
  models: [],
  shield: { policy: 'default', tiers: [{ tier: 0, name: 'policy', available: true, detail: 'default.yaml' }] },
  commands: { layers: ['pid namespace per command'], network: false },
  telegram: { state: 'polling', detail: '', botUsername: 'parapet_bot', lastUpdateAt: '2026-01-01T00:00:00.000Z', allowedUsers: 1, pollFailures: 0, lastFailure: '' },
  approvals: { enabled: true, channels: ['cli'], pending: 1, timeoutMs: 300_000, hourlyCap: 30, watchers: 2 },
};

describe('client gRPC server', () => {
  let dir: string;
  let socketPath: string;
  let server: ClientServer | undefined;
  let client: ClientServiceClient | undefined;
  let logger: ReturnType<typeof recordingLogger>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parapet-server-'));
    socketPath = join(dir, 'run', 'engine.sock');
    logger = recordingLogger();
  });

  afterEach(async () => {
    client?.close();
    client = undefined;
    await server?.close();
    server = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function serve(api: ClientApi, stalledClientMs?: number): Promise<ClientServiceClient> {
    server = await startClientServer({ socketPath, token: TOKEN, api, logger, maxEchoBytes: 64, ...(stalledClientMs ? { stalledClientMs } : {}) });
    const Client = clientServiceClient();
    client = new Client(`unix:${socketPath}`, credentials.createInsecure());
    return client;
  }

  it('listens on a socket only its owner can open', async () => {
    await serve(fakeApi({}));
    const mode = (await stat(socketPath)).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('streams every kind of event of the turn in order, then ends', async () => {
    const api = fakeApi({ sendMessage: () => emit(oneOfEachEvent) });
    const rpc = await serve(api);
    const { events, error } = await collect(rpc.SendMessage({ session_id: '', text: 'read notes.txt', channel: 'cli' }, bearer(TOKEN)));
    expect(error).toBeUndefined();
    expect(events.map(eventFromProto)).toEqual(oneOfEachEvent);
    expect(api.sent).toEqual([{ text: 'read notes.txt' }]);
  });

  it('streams events handed out one at a time (as any ClientApi does) just the same', async () => {
    const api = fakeApi({
      sendMessage: async function* () {
        yield* oneOfEachEvent;
      },
    });
    const rpc = await serve(api);
    const { events, error } = await collect(rpc.SendMessage({ text: 'read notes.txt', channel: 'cli' }, bearer(TOKEN)));
    expect(error).toBeUndefined();
    expect(events.map(eventFromProto)).toEqual(oneOfEachEvent);
  });

  it('passes the session id and text, and takes a request naming no channel as the CLI\'s', async () => {
    const api = fakeApi({ sendMessage: () => emit([]) });
    const rpc = await serve(api);
    await collect(rpc.SendMessage({ session_id: '01HSESSION', text: 'hi' }, bearer(TOKEN)));
    await collect(rpc.SendMessage({ text: 'new' }, bearer(TOKEN)));
    expect(api.sent).toEqual([{ sessionId: '01HSESSION', text: 'hi' }, { text: 'new' }]);
  });

  it.each([
    ['no token', new Metadata()],
    ['a wrong token', bearer('wrong-token-0123456789abcdef')],
    ['the token without the Bearer scheme', (() => { const m = new Metadata(); m.set('authorization', TOKEN); return m; })()],
  ])('refuses a call with %s and never reaches the engine', async (_label, metadata) => {
    const api = fakeApi({ sendMessage: () => emit(oneOfEachEvent), status: async () => status });
    const rpc = await serve(api);
    const stream = await collect(rpc.SendMessage({ text: 'hi', channel: 'cli' }, metadata));
    expect(stream.events).toEqual([]);
    expect(stream.error?.code).toBe('CLIENT_UNAUTHENTICATED');
    await expect(unary((cb) => rpc.GetStatus({}, metadata, cb))).rejects.toMatchObject({ code: 'CLIENT_UNAUTHENTICATED' });
    expect(api.sent).toEqual([]);
    expect(logger.entries.some((entry) => entry.level === 'warn' && entry.message.includes('bad token'))).toBe(true);
    expect(JSON.stringify(logger.entries)).not.toContain(TOKEN);
  });

  it('lets a message past gRPC\'s own 4 MiB reach the engine, whose size check names its limit', async () => {
    const api = fakeApi({
      sendMessage: () => {
        throw new ParapetError('MESSAGE_TOO_LARGE', 'message text is 5242880 bytes; the limit is 1000');
      },
    });
    const rpc = await serve(api);
    const huge = await collect(rpc.SendMessage({ text: 'x'.repeat(5 * 1024 * 1024), channel: 'cli' }, bearer(TOKEN)));
    expect(huge.error).toMatchObject({ code: 'MESSAGE_TOO_LARGE', message: 'message text is 5242880 bytes; the limit is 1000' });
    expect(api.sent.map((request) => request.text.length)).toEqual([5 * 1024 * 1024]);
  });

  it('rejects an unknown channel, quoting at most the echo cap of the input', async () => {
    const rpc = await serve(fakeApi({ sendMessage: () => emit([]) }));
    const channel = await collect(rpc.SendMessage({ text: 'hi', channel: 'fax' }, bearer(TOKEN)));
    expect(channel.error?.message).toBe('unknown channel "fax" (expected cli, web, telegram)');
    const long = await collect(rpc.SendMessage({ text: 'hi', channel: 'f'.repeat(8192) }, bearer(TOKEN)));
    expect(long.error?.code).toBe('INVALID_ARGUMENT');
    expect(long.error?.message).toBe(`unknown channel "${'f'.repeat(64)}"… (8192 bytes) (expected cli, web, telegram)`);
  });

  it('passes the engine\'s typed refusal through with its code', async () => {
    const rpc = await serve(
      fakeApi({
        sendMessage: () => {
          throw new ParapetError('SESSION_NOT_FOUND', 'no session 01HNOPE');
        },
      }),
    );
    const { error } = await collect(rpc.SendMessage({ session_id: '01HNOPE', text: 'hi' }, bearer(TOKEN)));
    expect(error).toMatchObject({ code: 'SESSION_NOT_FOUND', message: 'no session 01HNOPE' });
  });

  it('turns an unexpected failure into INTERNAL without leaking its message or stack', async () => {
    const rpc = await serve(
      fakeApi({
        // eslint-disable-next-line require-yield
        sendMessage: async function* () {
          throw new Error('disk /secret/path exploded');
        },
        listSessions: () => Promise.reject(new Error('sqlite /secret/db locked')),
      }),
    );
    const { error } = await collect(rpc.SendMessage({ text: 'hi' }, bearer(TOKEN)));
    expect(error?.code).toBe('INTERNAL');
    expect(error?.message).not.toContain('secret');
    await expect(unary((cb) => rpc.ListSessions({ limit: 5 }, bearer(TOKEN), cb))).rejects.toSatisfy(
      (e: ParapetError) => e.code === 'INTERNAL' && !e.message.includes('secret') && !e.message.includes(' at '),
    );
    expect(logger.entries.filter((entry) => entry.level === 'error')).toHaveLength(2);
  });

  it('aborts the turn when the client cancels the stream', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      sendMessage: async function* (_request, signal) {
        yield [{ ...envelope, seq: 1, type: 'llm_token', text: 'thinking' } as const];
        await new Promise<void>((resolve) => {
          release = resolve;
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
      },
    });
    const rpc = await serve(api);
    const stream = rpc.SendMessage({ text: 'long task' }, bearer(TOKEN));
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.on('error', () => {});
    stream.cancel();
    await expect.poll(() => api.signals[0]?.aborted).toBe(true);
    release();
  });

  it('lets go of a client that reads nothing: the turn\'s stream is returned and the client, reading at last, learns why', async () => {
    let released = false;
    let produced = 0;
    await serve(
      fakeApi({
        async *sendMessage() {
          try {
            for (let seq = 1; seq <= 10_000; seq += 1) {
              produced = seq;
              yield [{ ...envelope, seq, type: 'llm_token', text: 'z'.repeat(16 * 1024) }];
            }
          } finally {
            released = true;
          }
        },
      }),
      200,
    );
    const idle = sendMessagePaused(socketPath, TOKEN, { text: 'talk', channel: 'cli' });
    try {
      await expect.poll(() => released, { timeout: 20_000 }).toBe(true);
      expect(produced).toBeLessThan(10_000);
      const { events, status: code, parapetCode } = await idle.readAll();
      expect(code).toBe(0);
      expect(parapetCode).toBeUndefined();
      expect(events.length).toBe(produced + 1);
      expect(events.at(-1)?.error).toMatchObject({ code: 'SUBSCRIBER_DROPPED', retryable: true });
      expect(events.at(-1)?.error?.message).toBe('event stream dropped: this client read nothing for 200 ms');
      expect(logger.entries.some((entry) => entry.level === 'warn' && /read nothing/.test(entry.message))).toBe(true);
    } finally {
      idle.close();
    }
  });

  it('answers sessions, history, status and audit in domain shape', async () => {
    const session = { id: 'S1', title: 'Notes', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:01:00Z', messageCount: 2 };
    const history: SessionHistory = {
      session,
      messages: [
        { id: 'M1', role: 'user', content: 'hi', thoughts: '', usage: null, createdAt: session.createdAt, turnId: 'T1' },
        { id: 'M2', role: 'assistant', content: 'hello', thoughts: 'greet', usage: { promptTokens: 3, completionTokens: 1, totalTokens: 4 }, createdAt: session.updatedAt, turnId: 'T1' },
      ],
      nextPageToken: 'cDQy',
    };
    const limits: number[] = [];
    const pages: unknown[] = [];
    const rpc = await serve(
      fakeApi({
        listSessions: async (limit) => {
          limits.push(limit);
          return [session];
        },
        getHistory: async (id, page) => {
          if (id !== 'S1') throw new ParapetError('SESSION_NOT_FOUND', `no session ${id}`);
          pages.push(page);
          return history;
        },
        status: async () => status,
        verifyAudit: async () => ({ ok: false, rows: 12, firstBadRow: 7, problem: 'hash mismatch' }),
      }),
    );
    const meta = bearer(TOKEN);
    expect(sessionsFromProto(await unary((cb) => rpc.ListSessions({ limit: 0 }, meta, cb)))).toEqual([session]);
    expect(limits).toEqual([50]);
    expect(historyFromProto(await unary((cb) => rpc.GetHistory({ session_id: 'S1' }, meta, cb)))).toEqual(history);
    await unary((cb) => rpc.GetHistory({ session_id: 'S1', limit: 10, page_token: 'cDQy' }, meta, cb));
    expect(pages).toEqual([{}, { limit: 10, pageToken: 'cDQy' }]);
    await expect(unary((cb) => rpc.GetHistory({ session_id: 'S1', limit: 5000 }, meta, cb))).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(unary((cb) => rpc.GetHistory({ session_id: 'S2' }, meta, cb))).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(statusFromProto(await unary((cb) => rpc.GetStatus({}, meta, cb)))).toEqual(status);
    const audit = await unary<{ ok: boolean; first_bad_row: number }>((cb) => rpc.VerifyAudit({}, meta, cb));
    expect(audit).toMatchObject({ ok: false, first_bad_row: 7 });
  });

  it('replaces a socket left by a crashed engine but refuses to steal a live one', async () => {
    await mkdir(join(dir, 'run'));
    // A process that binds the socket and dies without cleaning up leaves a stale socket file.
    const crashed = spawnSync(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    expect(crashed.signal).toBe('SIGKILL');
    expect((await stat(socketPath)).isSocket()).toBe(true);
    await serve(fakeApi({ status: async () => status }));
    await expect(unary((cb) => client?.GetStatus({}, bearer(TOKEN), cb))).resolves.toBeDefined();

    await expect(startClientServer({ socketPath, token: TOKEN, api: fakeApi({}), logger })).rejects.toThrow(
      `another engine is already listening at ${socketPath}`,
    );
  });

  it('refuses to replace a path that is not a socket', async () => {
    await mkdir(join(dir, 'run'));
    await writeFile(socketPath, 'precious');
    await expect(startClientServer({ socketPath, token: TOKEN, api: fakeApi({}), logger })).rejects.toThrow(/not a socket/);
    expect(await readFile(socketPath, 'utf8')).toBe('precious');
  });

  it('explains a socket path too long for a unix socket instead of failing obscurely', async () => {
    const deep = join(dir, 'x'.repeat(120), 'engine.sock');
    await expect(startClientServer({ socketPath: deep, token: TOKEN, api: fakeApi({}), logger })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('choose a shorter PARAPET_HOME') as unknown,
    });
  });

  it('removes its socket on close', async () => {
    await serve(fakeApi({}));
    await server?.close();
    server = undefined;
    await expect(stat(socketPath)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
