import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { startClientServer, writeClientToken, type ClientServer } from '@parapet/engine/server';
import { openStore } from '@parapet/engine/storage';
import type { ClientApi, EngineEvent, EngineStatusSnapshot, SendMessageInput } from '@parapet/wire/client';
import { ParapetError } from '@parapet/wire';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import type { CliIo } from './io.js';

/* The CLI in-process against the real client gRPC server over a real unix socket, fake engine behind it. */

function captured(): PassThrough & { text(): string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return Object.assign(stream, { text: () => text });
}

function testIo(home: string, input = ''): CliIo & { out(): string; err(): string } {
  const stdout = captured();
  const stderr = captured();
  const stdin = new PassThrough();
  stdin.end(input);
  return {
    stdout,
    stderr,
    stdin,
    env: { PARAPET_HOME: home },
    cwd: home,
    onInterrupt: () => () => undefined,
    out: stdout.text,
    err: stderr.text,
  };
}

const envelope = { turnId: 'T1', ts: '2026-01-01T00:00:00Z' };

/** A scripted engine: a new session gets id S-NEW; `read x` does one allowed read; `crash` fails the turn. */
function scriptedTurn(request: SendMessageInput): EngineEvent[] {
  const sessionId = request.sessionId ?? 'S-NEW';
  const base = { ...envelope, sessionId, seq: 0 };
  const stored: EngineEvent = { ...base, type: 'message_stored', messageId: 'M1', role: 'user' };
  if (request.text === 'crash') return [stored, { ...base, type: 'error', code: 'AGENT_CRASHED', message: 'the agent died mid-turn', retryable: true }];
  const done: EngineEvent = { ...base, type: 'response_complete', messageId: 'M2', content: `echo: ${request.text}`, thoughts: '', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
  if (!request.text.startsWith('read ')) return [stored, done];
  const argumentsJson = JSON.stringify({ path: request.text.slice(5) });
  return [
    stored,
    { ...base, type: 'action_started', actionId: 'A1', callId: 'C1', toolName: 'read_file', actionType: 'read_file', argumentsJson, actionHash: 'h' },
    { ...base, type: 'shield_verdict', actionId: 'A1', decision: 'ALLOW', tier: 0, confidence: 1, reason: 'workspace', ruleIds: ['policy.allow.workspace'], latencyUs: 1 },
    { ...base, type: 'action_completed', actionId: 'A1', callId: 'C1', toolName: 'read_file', isError: false, output: 'contents', errorCode: '' },
    done,
  ];
}

const status: EngineStatusSnapshot = {
  engine: { pid: 4242, version: '0.1.0', uptimeMs: 61_000, home: '/h', workspace: '/h/workspace' },
  agent: { pid: 4343, ready: true, restarts: 0, lastError: '', state: 'ready', degraded: false, nextRestartMs: 0 },
  executor: { pid: 4444, ready: true, restarts: 0, lastError: '' },
  labeledSessions: [],
  sandbox: { mode: 'strict', permissionModel: true, networkNamespace: true, emptyEnvironment: true, canaries: [{ probe: 'spawn_process', succeeded: false, detail: 'denied' }], missing: [], executorConfined: true },
  model: { baseUrl: 'http://127.0.0.1:5555/v1', model: 'parapet-demo', demo: true },
  models: [],
  shield: { policy: 'default', tiers: [{ tier: 0, name: 'policy', available: true, detail: '' }] },
  commands: { layers: ['pid namespace per command'], network: false },
  telegram: { state: 'polling', detail: '', botUsername: 'parapet_bot', lastUpdateAt: '2026-01-01T00:00:00.000Z', allowedUsers: 1, pollFailures: 0, lastFailure: '' },
  approvals: { enabled: true, channels: ['cli'], pending: 0, timeoutMs: 300_000, hourlyCap: 30, watchers: 0 },
};

describe('parapet CLI against a running engine', () => {
  let home: string;
  let server: ClientServer | undefined;
  const sent: SendMessageInput[] = [];

  const notInThisTest = (): never => {
    throw new ParapetError('INTERNAL', 'not used by these tests');
  };
  const trace = {
    turnId: 'T1',
    spans: [
      { spanId: 1, parentId: 0, name: 'turn', startedAtMs: 1000, durationMs: 50, attributes: { outcome: 'completed' } },
      { spanId: 2, parentId: 1, name: 'model round 1', startedAtMs: 1001, durationMs: 20, attributes: { ttft_ms: 4.5, prompt_tokens: 40 } },
      { spanId: 3, parentId: 1, name: 'tool read_file', startedAtMs: 1021, durationMs: 5, attributes: {} },
      { spanId: 4, parentId: 3, name: 'shield', startedAtMs: 1022, durationMs: 1, attributes: {} },
      { spanId: 5, parentId: 4, name: 'tier 0', startedAtMs: 1022, durationMs: 0.25, attributes: { outcome: 'allow' } },
      { spanId: 6, parentId: 1, name: 'model round 2', startedAtMs: 1030, durationMs: 19, attributes: { finish: 'stop\u001b[2J' } },
    ],
  };
  // The CLI reads neither the audit rows nor the Shield's figures: empty ones do.
  const notUsedByTheCli = {
    listAudit: async () => [],
    shieldStats: async () => ({ bucketSeconds: 3600, verdicts: [], latencies: [], topRules: [], evaluations: 0 }),
    renameSession: notInThisTest,
    deleteSession: notInThisTest,
    proposePolicyGrant: notInThisTest,
    addPolicyGrant: notInThisTest,
    listPolicyGrants: notInThisTest,
    removePolicyGrant: notInThisTest,
  };
  const api: Omit<ClientApi, keyof typeof notUsedByTheCli> = {
    getTrace: async (turnId) => {
      if (turnId !== undefined && turnId !== 'T1') throw new ParapetError('TRACE_NOT_FOUND', `no trace for turn ${turnId}`);
      return trace;
    },
    listSnapshots: notInThisTest,
    showSnapshot: notInThisTest,
    diffSnapshot: notInThisTest,
    rollbackSnapshot: notInThisTest,
    sessionLabels: async () => [{ label: 'workspace', source: 'read_file notes.txt', actionId: 'A1', createdAt: '2026-01-01T10:01:00Z' }],
    async *sendMessage(request) {
      // As the engine's API does, before anything is stored.
      if (request.text.trim() === '') throw new ParapetError('INVALID_ARGUMENT', 'message text is empty');
      sent.push(request);
      yield* scriptedTurn(request);
    },
    listSessions: async () => [{ id: 'S-NEW', title: 'Reading notes', createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:05:00.000Z', messageCount: 4 }],
    getHistory: async (id) => {
      if (id !== 'S-NEW') throw new ParapetError('SESSION_NOT_FOUND', `no session ${id}`);
      const session = { id, title: 'Reading notes', createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:05:00Z', messageCount: 2 };
      return {
        session,
        messages: [
          { id: 'M1', role: 'user', content: 'read notes.txt', thoughts: '', usage: null, createdAt: session.createdAt, turnId: 'T1' },
          { id: 'M2', role: 'assistant', content: 'It says hi.', thoughts: '', usage: { promptTokens: 5, completionTokens: 3, totalTokens: 8 }, createdAt: session.updatedAt, turnId: 'T1' },
        ],
        nextPageToken: '',
      };
    },
    status: async () => status,
    verifyAudit: async () => ({ ok: false, rows: 4, firstBadRow: 4, problem: 'row 4: row hash does not match its content' }),
    createWebLogin: async () => ({ url: 'http://127.0.0.1:7150/#login=one-time-token-from-the-engine', expiresAt: '2026-01-01T10:15:00.000Z' }),
    // eslint-disable-next-line require-yield
    async *watch() {
      throw new ParapetError('SESSION_NOT_FOUND', 'not scripted');
    },
    resolveApproval: async () => {
      throw new ParapetError('APPROVAL_NOT_FOUND', 'not scripted');
    },
    listApprovals: async () => [],
  };

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'parapet-cli-'));
    sent.length = 0;
    const token = await writeClientToken(join(home, 'run', 'client.token'));
    const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    server = await startClientServer({ socketPath: join(home, 'run', 'engine.sock'), token, api: { ...api, ...notUsedByTheCli }, logger });
  });

  afterEach(async () => {
    await server?.close();
    await rm(home, { recursive: true, force: true });
  });

  it('send prints each action with its verdict and the answer, and exits 0', async () => {
    const io = testIo(home);
    expect(await runCli(['send', 'read', 'notes.txt'], io)).toBe(0);
    expect(io.out()).toBe('→ read_file {"path":"notes.txt"}\n  shield: ALLOW (tier 0, policy.allow.workspace)\n  ✓ done\necho: read notes.txt\n');
    expect(io.err()).toBe('session S-NEW (continue with --session S-NEW)\n');
    expect(sent).toEqual([{ text: 'read notes.txt' }]);
  });

  it('send --json prints one camelCase event per line and continues the given session', async () => {
    const io = testIo(home);
    expect(await runCli(['send', '--json', '--session', 'S7', 'read a.txt'], io)).toBe(0);
    const events = io.out().trim().split('\n').map((line) => JSON.parse(line) as EngineEvent);
    expect(events.map((event) => event.type)).toEqual(['message_stored', 'action_started', 'shield_verdict', 'action_completed', 'response_complete']);
    expect(events[1]).toMatchObject({ sessionId: 'S7', toolName: 'read_file', argumentsJson: '{"path":"a.txt"}' });
    expect(sent[0]).toEqual({ sessionId: 'S7', text: 'read a.txt' });
    expect(io.err()).toBe('');
  });

  it('send exits 1 with one clear line when the turn fails', async () => {
    const io = testIo(home);
    expect(await runCli(['send', 'crash'], io)).toBe(1);
    expect(io.err()).toBe('parapet: turn failed: the agent died mid-turn (AGENT_CRASHED)\n');
  });

  it('send exits 1 with the engine\'s message for a bad request', async () => {
    const io = testIo(home);
    expect(await runCli(['send', ' '], io)).toBe(1);
    expect(io.err()).toBe('parapet: message text is empty\n');
  });

  it('status --json has the engine and agent pids, agent readiness, sandbox layers and model', async () => {
    const io = testIo(home);
    expect(await runCli(['status', '--json'], io)).toBe(0);
    const json = JSON.parse(io.out()) as EngineStatusSnapshot;
    expect(json).toEqual(status);
    expect(json.sandbox.permissionModel).toBe(true);
  });

  it('status prints a readable summary', async () => {
    const io = testIo(home);
    expect(await runCli(['status'], io)).toBe(0);
    expect(io.out()).toContain('pid 4242 · up 1m01s');
    expect(io.out()).toContain('strict: permission model ✓ · network namespace ✓ · empty environment ✓');
    expect(io.out()).toContain('canaries: spawn_process denied');
    expect(io.out()).toContain('executor  confined ✓ · pid 4444 · ready · 0 restarts');
    expect(io.out()).toContain('commands  pid namespace per command · network off');
    expect(io.out()).toContain('demo (scripted model at http://127.0.0.1:5555/v1)');
    expect(io.out()).toContain('telegram  @parapet_bot polling · 1 allowed user · last update 2026-01-01T00:00:00.000Z');
    expect(io.out()).toContain('approvals: 0 pending · 0 watching');
  });

  it('sessions and history print tables or JSON', async () => {
    const table = testIo(home);
    expect(await runCli(['sessions'], table)).toBe(0);
    expect(table.out()).toBe('ID     UPDATED              MESSAGES  TITLE\nS-NEW  2026-01-01 10:05:00  4         Reading notes\n');
    const history = testIo(home);
    expect(await runCli(['history', 'S-NEW', '--json'], history)).toBe(0);
    expect(JSON.parse(history.out())).toMatchObject({
      session: { id: 'S-NEW' },
      messages: [{ role: 'user' }, { role: 'assistant', usage: { totalTokens: 8 } }],
      labels: [{ label: 'workspace', source: 'read_file notes.txt' }],
    });
    const human = testIo(home);
    expect(await runCli(['history', 'S-NEW'], human)).toBe(0);
    expect(human.out()).toMatch(/\nlabels:\nworkspace +read_file notes\.txt \(2026-01-01T10:01:00Z\)\n$/u);
    const missing = testIo(home);
    expect(await runCli(['history', 'S-OLD'], missing)).toBe(1);
    expect(missing.err()).toBe('parapet: no session S-OLD\n');
  });

  it('audit verify asks the engine and exits 1 naming the first bad row', async () => {
    const io = testIo(home);
    expect(await runCli(['audit', 'verify'], io)).toBe(1);
    expect(io.out()).toBe('audit chain BROKEN at row 4: row hash does not match its content (checked by the engine)\n');
  });

  it('trace draws the last turn as a tree with durations, or prints it as JSON', async () => {
    const human = testIo(home);
    expect(await runCli(['trace'], human)).toBe(0);
    expect(human.out().split('\n')).toEqual([
      'trace of turn T1',
      'turn                   50.0 ms  +   0.00 ms  outcome=completed',
      '├─ model round 1       20.0 ms  +   1.00 ms  ttft_ms=4.50 prompt_tokens=40',
      '├─ tool read_file      5.00 ms  +   21.0 ms',
      '│  └─ shield           1.00 ms  +   22.0 ms',
      '│     └─ tier 0        0.25 ms  +   22.0 ms  outcome=allow',
      '└─ model round 2       19.0 ms  +   30.0 ms  finish=stop?[2J',
      '',
    ]);
    const json = testIo(home);
    expect(await runCli(['trace', 'T1', '--json'], json)).toBe(0);
    expect(JSON.parse(json.out())).toEqual(trace);
    const missing = testIo(home);
    expect(await runCli(['trace', 'T9'], missing)).toBe(1);
    expect(missing.err()).toContain('no trace for turn T9');
  });

  it('web prints the one-time login link the engine made, alone on stdout', async () => {
    const io = testIo(home);
    expect(await runCli(['web'], io)).toBe(0);
    expect(io.out()).toBe('http://127.0.0.1:7150/#login=one-time-token-from-the-engine\n');
    expect(io.err()).toContain('expires at 2026-01-01T10:15:00.000Z');
  });

  it('chat keeps the session across turns and leaves on /exit', async () => {
    const io = testIo(home, 'hello\nread notes.txt\n/exit\nnever sent\n');
    expect(await runCli(['chat'], io)).toBe(0);
    expect(sent).toEqual([
      { text: 'hello' },
      { sessionId: 'S-NEW', text: 'read notes.txt' },
    ]);
    expect(io.out()).toContain('echo: hello\n(session S-NEW)\n');
    expect(io.out()).toContain('  ✓ done\necho: read notes.txt\n');
  });
});

describe('parapet CLI without an engine', () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'parapet-cli-'));
  });
  afterEach(() => rm(home, { recursive: true, force: true }));

  it.each([['send', 'hi'], ['status'], ['sessions'], ['chat']])('%s says the engine is not running and exits 1', async (...argv) => {
    const io = testIo(home);
    expect(await runCli(argv, io)).toBe(1);
    expect(io.err()).toBe(`parapet: cannot reach the engine at ${join(home, 'run', 'engine.sock')}: is \`parapet start\` running?\n`);
  });

  it('says the engine is not running when a stale token is left but nothing listens', async () => {
    await writeClientToken(join(home, 'run', 'client.token'));
    const io = testIo(home);
    expect(await runCli(['status'], io)).toBe(1);
    expect(io.err()).toBe(`parapet: cannot reach the engine at ${join(home, 'run', 'engine.sock')}: is \`parapet start\` running?\n`);
  });

  it('audit verify reads the database file itself when the engine is down', async () => {
    const store = openStore(join(home, 'parapet.db'));
    store.audit.append('PROPOSED', { data: { tool: 'read_file' } });
    store.audit.append('EXECUTED', { data: { tool: 'read_file' } });
    store.close();
    const io = testIo(home);
    expect(await runCli(['audit', 'verify'], io)).toBe(0);
    expect(io.out()).toBe(`audit chain intact: 2 rows (engine not running; read ${join(home, 'parapet.db')} read-only)\n`);
  });

  it('audit verify falls back to reading the database and says when there is none', async () => {
    const io = testIo(home);
    expect(await runCli(['audit', 'verify'], io)).toBe(1);
    expect(io.err()).toBe(`parapet: no Parapet database at ${join(home, 'parapet.db')} (has the engine ever run?)\n`);
  });

  it('rejects a command line it does not understand with usage help and exit 1', async () => {
    const io = testIo(home);
    expect(await runCli(['send'], io)).toBe(1);
    expect(io.err()).toContain("error: missing required argument 'text'");
    expect(await runCli(['--help'], testIo(home))).toBe(0);
  });
});
