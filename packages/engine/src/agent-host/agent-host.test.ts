import { credentials } from '@grpc/grpc-js';
import { agentServiceClient, fromGrpcError, type LlmPart, type LlmRequest__Output, type ToolDef } from '@parapet/wire';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentHost } from './agent-host.js';
import type { Logger } from '../logging/port.js';
import type { TurnHandlers, TurnInput } from '../turn/ports.js';
import type { AgentHost } from './types.js';

/** The real bundled agent: `npm run build`. */
const agentEntry = fileURLToPath(new URL('../../../agent/dist/agent.bundle.cjs', import.meta.url));

type Part = Omit<LlmPart, 'request_id'>;
const text = (value: string): Part => ({ text_delta: value });
const call = (id: string, name: string, args: unknown): Part => ({ tool_call: { id, name, arguments_json: JSON.stringify(args) } });
const finish = (tokens: number): Part => ({ finish: { reason: 'stop', usage: { prompt_tokens: tokens, completion_tokens: 1, total_tokens: tokens + 1 } } });

const loadTools: ToolDef = { name: 'load_tools', description: 'Load tool groups', parameters_json_schema: '{"type":"object"}', group: '' };
const readFile: ToolDef = { name: 'read_file', description: 'Read a file', parameters_json_schema: '{"type":"object"}', group: 'files' };

interface LogRecord {
  level: string;
  obj: object;
  msg: string | undefined;
}

function recordingLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void records.push({ level, obj, msg });
  return { records, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

let turnCounter = 0;
function turn(message: string): TurnInput {
  turnCounter += 1;
  return { turnId: `turn-${turnCounter}`, sessionId: 'session-1', message, history: [], context: [{ name: 'IDENTITY.md', content: 'You are Parapet.' }], maxRounds: 25, maxToolCallsPerReply: 16 };
}

/** Handlers whose model replies with the given rounds in order, recording what the agent asked. */
function scriptedHandlers(rounds: Part[][]) {
  const requests: LlmRequest__Output[] = [];
  const tokens: string[] = [];
  const proposals: string[] = [];
  const groupRequests: string[][] = [];
  const handlers: TurnHandlers = {
    onTokenDelta: (t) => void tokens.push(t),
    async *onLlmRequest(request) {
      requests.push(request);
      yield* rounds[requests.length - 1] ?? [text('out of script'), finish(1)];
    },
    onToolProposal: async (proposal) => {
      proposals.push(`${proposal.toolName} ${proposal.argumentsJson}`);
      return { content: 'the notes say hello', isError: false };
    },
    onRefusedProposal: (proposal) => {
      proposals.push(`refused ${proposal.toolName}`);
      return { content: 'refused', isError: true };
    },
    onToolDefsRequest: ({ groups }) => {
      groupRequests.push([...groups]);
      return groups.includes('files') ? [readFile] : [];
    },
  };
  return { handlers, requests, tokens, proposals, groupRequests };
}

/** A model call that never answers until the turn is aborted; `started` resolves when it is asked. */
function hangingHandlers() {
  let signalStarted!: () => void;
  const started = new Promise<void>((resolve) => (signalStarted = resolve));
  let abortedSignal: AbortSignal | undefined;
  const handlers: TurnHandlers = {
    onTokenDelta: () => undefined,
    async *onLlmRequest(_request, signal) {
      abortedSignal = signal;
      signalStarted();
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      yield* [];
    },
    onToolProposal: async () => ({ content: '', isError: true }),
    onRefusedProposal: () => ({ content: '', isError: true }),
    onToolDefsRequest: () => [],
  };
  return { handlers, started, signal: () => abortedSignal };
}

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('agent host with the real sandboxed agent', () => {
  const root = mkdtempSync(join(tmpdir(), 'parapet-host-'));
  const workspace = join(root, 'workspace');
  const runtimeDir = join(root, 'run');
  const logger = recordingLogger();
  let host: AgentHost;

  beforeAll(async () => {
    if (!existsSync(agentEntry)) throw new Error(`${agentEntry} is missing: run \`npm run build\` first`);
    mkdirSync(workspace);
    host = createAgentHost({
      runtimeDir,
      workspace,
      agentEntry,
      sandbox: 'strict',
      initialToolDefs: { tools: [loadTools], groups: [{ name: 'files', description: 'workspace files' }] },
      logger,
      restart: { max: 5, windowMs: 60_000, baseBackoffMs: 50, maxBackoffMs: 1000 },
    });
    await host.start();
  });

  afterAll(async () => {
    await host?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('starts the agent sandboxed: probes denied, canary removed, socket private', () => {
    const status = host.status();
    expect(status.ready).toBe(true);
    expect(status.pid).toBeGreaterThan(0);
    const probes = Object.fromEntries(status.sandbox.canaries.map((c) => [c.probe, c.succeeded]));
    expect(probes).toMatchObject({ fs_read_workspace: false, fs_write: false, spawn_process: false });
    expect(status.sandbox.permissionModel).toBe(true);
    expect(status.sandbox.emptyEnvironment).toBe(true);
    // Where unshare is unavailable the TCP probe reaches the listener and the layer is reported missing.
    expect(probes['tcp_connect']).toBe(!status.sandbox.networkNamespace);
    expect(status.sandbox.missing.includes('network namespace')).toBe(!status.sandbox.networkNamespace);
    expect(readdirSync(workspace)).toEqual([]);
    expect(statSync(runtimeDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(runtimeDir, 'agent.sock')).mode & 0o777).toBe(0o600);
  });

  it('round-trips a turn: load_tools, a tool proposal and its result, then the streamed answer', async () => {
    const script = scriptedHandlers([
      [call('c1', 'load_tools', { groups: ['files'] }), finish(10)],
      [text('Reading. '), call('c2', 'read_file', { path: 'notes.md' }), finish(20)],
      [text('Your notes '), text('say hello.'), finish(30)],
    ]);
    const result = await host.runTurn(turn('what do my notes say?'), script.handlers);

    expect(result).toMatchObject({ content: 'Your notes say hello.', thoughts: 'Reading. ', rounds: 3 });
    expect(result.usage).toEqual({ promptTokens: 60, completionTokens: 3, totalTokens: 63 });
    expect(script.groupRequests).toEqual([['files']]);
    expect(script.proposals).toEqual(['read_file {"path":"notes.md"}']);
    expect(script.tokens.join('')).toBe('Reading. Your notes say hello.');
    expect(script.requests.map((r) => r.tools.map((t) => t.name))).toEqual([['load_tools'], ['load_tools', 'read_file'], ['load_tools', 'read_file']]);
    expect(script.requests[0]?.messages[0]?.content).toContain('You are Parapet.');
    expect(script.requests[2]?.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'c2', content: 'the notes say hello' });
  });

  it('relays the model’s failure as the turn’s error', async () => {
    const script = scriptedHandlers([[{ error: { code: 'LLM_UNAVAILABLE', message: 'model server down', retryable: true } }]]);
    await expect(host.runTurn(turn('hi'), script.handlers)).rejects.toMatchObject({ code: 'LLM_UNAVAILABLE', message: 'model server down' });
  });

  it('refuses a client with a wrong token, or one that does not start with ready, and keeps serving the agent', async () => {
    const AgentServiceClient = agentServiceClient();
    const client = new AgentServiceClient(`unix:${join(runtimeDir, 'agent.sock')}`, credentials.createInsecure());
    const refusal = (first: object) =>
      new Promise<unknown>((resolve) => {
        const stream = client.RunSession();
        stream.on('data', () => undefined);
        stream.on('error', resolve);
        stream.write(first);
      });
    const wrongToken = await refusal({ ready: { token: 'f'.repeat(64), canaries: [], pid: 1 } });
    expect(fromGrpcError(wrongToken).code).toBe('AGENT_UNAUTHENTICATED');
    const notReady = await refusal({ token_delta: { turn_id: 'x', text: 'hello' } });
    expect(fromGrpcError(notReady).code).toBe('AGENT_UNAUTHENTICATED');
    client.close();

    const script = scriptedHandlers([[text('still here'), finish(1)]]);
    await expect(host.runTurn(turn('ping'), script.handlers)).resolves.toMatchObject({ content: 'still here' });
  });

  it('runs a second turn while the first one waits, and cancels a turn when its signal aborts', async () => {
    const first = hangingHandlers();
    const controller = new AbortController();
    const firstTurn = host.runTurn(turn('slow'), first.handlers, controller.signal);
    await first.started;
    const second = scriptedHandlers([[text('second'), finish(1)]]);
    await expect(host.runTurn(turn('meanwhile'), second.handlers)).resolves.toMatchObject({ content: 'second' });
    expect(first.signal()?.aborted).toBe(false);
    controller.abort();
    await expect(firstTurn).rejects.toMatchObject({ code: 'TURN_CANCELLED' });
    expect(first.signal()?.aborted).toBe(true);
  });

  it('rejects the turn in flight with AGENT_CRASHED when the agent dies, restarts it, and serves the next turn', async () => {
    const before = host.status();
    const hanging = hangingHandlers();
    const inFlight = host.runTurn(turn('doomed'), hanging.handlers);
    await hanging.started;
    process.kill(before.pid, 'SIGKILL');
    await expect(inFlight).rejects.toMatchObject({ code: 'AGENT_CRASHED', retryable: true });

    await waitUntil(() => host.status().ready, 'the agent to restart');
    const after = host.status();
    expect(after.restarts).toBe(before.restarts + 1);
    expect(after.pid).not.toBe(before.pid);
    expect(after.lastError).toMatch(/SIGKILL/);
    const script = scriptedHandlers([[text('back again'), finish(1)]]);
    await expect(host.runTurn(turn('hello again'), script.handlers)).resolves.toMatchObject({ content: 'back again' });
  });
});
