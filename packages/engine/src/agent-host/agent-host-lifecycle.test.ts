import { build } from 'esbuild';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentHost } from './agent-host.js';
import type { Logger } from '../logging/port.js';
import type { TurnHandlers } from '../turn/ports.js';
import type { AgentHost, AgentHostOptions } from './types.js';

const realAgent = fileURLToPath(new URL('../../../agent/dist/agent.bundle.cjs', import.meta.url));

/**
 * An agent that authenticates correctly but reports its fs-read and spawn probes as succeeded: what
 * the engine would see if the permission model were not in force.
 */
const unsafeAgentSource = `
const { credentials } = require('@grpc/grpc-js');
const { agentServiceClient } = require('@parapet/wire');
let line = '';
process.stdin.on('data', (chunk) => {
  line += chunk;
  if (!line.includes('\\n')) return;
  process.stdin.destroy();
  const Client = agentServiceClient();
  const client = new Client('unix:' + process.env.PARAPET_AGENT_SOCKET, credentials.createInsecure());
  const stream = client.RunSession();
  stream.on('data', (d) => { if (d.shutdown) process.exit(0); });
  stream.on('error', () => process.exit(1));
  stream.write({ ready: { token: line.split('\\n')[0], pid: process.pid, canaries: [
    { probe: 'fs_read_workspace', succeeded: true, detail: 'read it' },
    { probe: 'fs_write', succeeded: false, detail: 'ERR_ACCESS_DENIED' },
    { probe: 'spawn_process', succeeded: true, detail: 'spawned' },
    { probe: 'tcp_connect', succeeded: false, detail: 'ENETUNREACH' },
  ] } });
});
`;

/**
 * A compromised agent: it asks the model once per turn, answers when the model finishes, and when a
 * turn is cancelled it proposes a write for that turn anyway before reporting the turn's end.
 */
const stubbornAgentSource = `
const { credentials } = require('@grpc/grpc-js');
const { agentServiceClient } = require('@parapet/wire');
let line = '';
process.stdin.on('data', (chunk) => {
  line += chunk;
  if (!line.includes('\\n')) return;
  process.stdin.destroy();
  const Client = agentServiceClient();
  const client = new Client('unix:' + process.env.PARAPET_AGENT_SOCKET, credentials.createInsecure());
  const stream = client.RunSession();
  stream.on('data', (d) => {
    if (d.shutdown) process.exit(0);
    if (d.process) stream.write({ llm_request: { turn_id: d.process.turn_id, request_id: d.process.turn_id + '/1', messages: [], tools: [] } });
    if (d.llm_part && d.llm_part.finish) {
      const turnId = d.llm_part.request_id.split('/')[0];
      stream.write({ response_complete: { turn_id: turnId, content: 'done ' + turnId, thoughts: '', rounds: 1 } });
    }
    if (d.cancel) {
      const turnId = d.cancel.turn_id;
      stream.write({ tool_proposal: { turn_id: turnId, call_id: 'late-write', tool_name: 'write_file', arguments_json: '{"path":"x","content":"y"}' } });
      stream.write({ agent_error: { turn_id: turnId, code: 'TURN_CANCELLED', message: 'cancelled', recoverable: false } });
    }
  });
  stream.on('error', () => process.exit(1));
  stream.write({ ready: { token: line.split('\\n')[0], pid: process.pid, canaries: [
    { probe: 'fs_read_workspace', succeeded: true, detail: 'read it' },
    { probe: 'fs_write', succeeded: false, detail: 'ERR_ACCESS_DENIED' },
    { probe: 'spawn_process', succeeded: true, detail: 'spawned' },
    { probe: 'tcp_connect', succeeded: false, detail: 'ENETUNREACH' },
  ] } });
});
`;

const root = mkdtempSync(join(tmpdir(), 'parapet-life-'));
const unsafeAgent = join(root, 'unsafe-agent.cjs');
const stubbornAgent = join(root, 'stubborn-agent.cjs');
let hostCount = 0;

interface Recorded extends Logger {
  records: Array<{ level: string; obj: object; msg: string | undefined }>;
}

function recordingLogger(): Recorded {
  const records: Recorded['records'] = [];
  const at = (level: string) => (obj: object, msg?: string) => void records.push({ level, obj, msg });
  return { records, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

function newHost(overrides: Partial<AgentHostOptions> = {}): { host: AgentHost; logger: Recorded; runtimeDir: string } {
  hostCount += 1;
  const base = join(root, `h${hostCount}`);
  const workspace = join(base, 'ws');
  mkdirSync(workspace, { recursive: true });
  const logger = recordingLogger();
  const runtimeDir = join(base, 'run');
  const host = createAgentHost({
    runtimeDir,
    workspace,
    agentEntry: realAgent,
    sandbox: 'strict',
    initialToolDefs: { tools: [], groups: [] },
    logger,
    restart: { max: 5, windowMs: 60_000, baseBackoffMs: 20, maxBackoffMs: 40 },
    ...overrides,
  });
  return { host, logger, runtimeDir };
}

const hanging = (): { handlers: TurnHandlers; started: Promise<void> } => {
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  return {
    started: startedPromise,
    handlers: {
      onTokenDelta: () => undefined,
      async *onLlmRequest(_request, signal) {
        started();
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        yield* [];
      },
      onToolProposal: async () => ({ content: '', isError: true }),
      onRefusedProposal: () => ({ content: '', isError: true }),
      onToolDefsRequest: () => [],
    },
  };
};

const turnInput = (turnId: string) => ({ turnId, sessionId: 's', message: 'hi', history: [], context: [], maxRounds: 5, maxToolCallsPerReply: 16 });

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  if (!existsSync(realAgent)) throw new Error(`${realAgent} is missing: run \`npm run build\` first`);
  for (const [contents, outfile] of [
    [unsafeAgentSource, unsafeAgent],
    [stubbornAgentSource, stubbornAgent],
  ] as const) {
    await build({
      stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      conditions: ['source'],
      logLevel: 'silent',
    });
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('agent host lifecycle', () => {
  it('refuses, in strict mode, an agent whose file-system or process probes succeeded, naming the missing layers', async () => {
    const { host, logger, runtimeDir } = newHost({ agentEntry: unsafeAgent });
    const failure = host.start();
    await expect(failure).rejects.toMatchObject({ code: 'SANDBOX_UNSAFE' });
    await expect(failure).rejects.toThrow(/fs read restriction.*child-process restriction/);
    expect(host.status()).toMatchObject({ ready: false, pid: 0 });
    expect(host.status().sandbox.permissionModel).toBe(false);
    expect(logger.records.some((r) => r.level === 'error' && /sandbox unsafe/.test(r.msg ?? ''))).toBe(true);
    expect(existsSync(join(runtimeDir, 'agent.sock'))).toBe(false);
    await expect(host.runTurn(turnInput('t'), hanging().handlers)).rejects.toMatchObject({ code: 'AGENT_UNAVAILABLE' });
  });

  it('runs the same agent in weak mode, with a loud warning and the missing layers reported', async () => {
    const { host, logger } = newHost({ agentEntry: unsafeAgent, sandbox: 'weak' });
    await host.start();
    const status = host.status();
    expect(status.ready).toBe(true);
    expect(status.sandbox).toMatchObject({ mode: 'weak', permissionModel: false });
    expect(status.sandbox.missing).toEqual(expect.arrayContaining(['fs read restriction (Node permission model)', 'child-process restriction (Node permission model)']));
    expect(logger.records.some((r) => r.level === 'warn' && /WEAK SANDBOX/.test(r.msg ?? ''))).toBe(true);
    await host.stop();
    expect(isAlive(status.pid)).toBe(false);
  });

  it('reports an agent that cannot start as unavailable', async () => {
    const { host } = newHost({ agentEntry: join(root, 'no-such-agent.cjs') });
    await expect(host.start()).rejects.toMatchObject({ code: 'AGENT_UNAVAILABLE', message: expect.stringMatching(/exited before it was ready/) });
  });

  it('keeps restarting an agent that keeps dying, with capped backoff, and reports it degraded', async () => {
    const { host } = newHost({ restart: { max: 1, windowMs: 60_000, baseBackoffMs: 20, maxBackoffMs: 40 } });
    await host.start();
    for (let death = 1; death <= 3; death += 1) {
      const previous = host.status().pid;
      process.kill(previous, 'SIGKILL');
      await waitUntil(() => host.status().ready && host.status().pid !== previous, `restart ${death}`);
    }
    expect(host.status()).toMatchObject({ ready: true, state: 'ready', degraded: true, restarts: 3, nextRestartMs: 0 });
    await host.stop();
    expect(host.status().state).toBe('stopped');
  });

  it('stops cleanly: the turn in flight fails, the agent exits, the socket is removed', async () => {
    const { host, runtimeDir } = newHost();
    await host.start();
    const { pid } = host.status();
    const turn = hanging();
    const inFlight = host.runTurn(turnInput('t'), turn.handlers).catch((error: unknown) => error);
    await turn.started;
    await host.stop();
    expect(await inFlight).toMatchObject({ code: 'AGENT_UNAVAILABLE' });
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(runtimeDir, 'agent.sock'))).toBe(false);
    await expect(host.runTurn(turnInput('t2'), hanging().handlers)).rejects.toMatchObject({ code: 'AGENT_UNAVAILABLE' });
  });

  it('refuses and records a proposal the agent sends for a cancelled turn, even while the next turn runs', async () => {
    const { host } = newHost({ agentEntry: stubbornAgent, sandbox: 'weak' });
    await host.start();
    const ran: string[] = [];
    const refused: Array<[string, string, string]> = [];
    // Each turn's own handlers: a refusal recorded under a turn id was routed to that turn.
    const handlersFor = (turnId: string, hang: boolean): TurnHandlers => ({
      onTokenDelta: () => undefined,
      async *onLlmRequest(_request, signal) {
        if (hang) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        yield { finish: { reason: 'stop' } };
      },
      onToolProposal: async (proposal) => {
        ran.push(proposal.callId);
        return { content: 'ran', isError: false };
      },
      onRefusedProposal: (proposal, refusal) => {
        refused.push([turnId, proposal.callId, refusal.code]);
        return { content: refusal.message, isError: true };
      },
      onToolDefsRequest: () => [],
    });
    const abort = new AbortController();
    const cancelled = host.runTurn(turnInput('cancelled-turn'), handlersFor('cancelled-turn', true), abort.signal).catch((error: unknown) => error);
    const next = host.runTurn(turnInput('next-turn'), handlersFor('next-turn', false));
    abort.abort();
    expect(await cancelled).toMatchObject({ code: 'TURN_CANCELLED' });
    await expect(next).resolves.toMatchObject({ content: 'done next-turn' });
    await waitUntil(() => refused.length > 0, 'the late proposal to be refused');
    expect(refused).toEqual([['cancelled-turn', 'late-write', 'TURN_CANCELLED']]);
    expect(ran).toEqual([]);
    await host.stop();
  });
});
