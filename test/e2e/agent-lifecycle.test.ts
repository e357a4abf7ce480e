import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { credentials, Metadata, type ServiceError } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { agentServiceClient, type AgentServiceClient } from '@parapet/wire';
import { collect, jsonLines, startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';
import { plannedModel } from '../harness/tool-script.js';

let model: ScriptedModel;
let parapet: RunningParapet;

beforeAll(async () => {
  model = await startScriptedModel({
    respond: plannedModel((text) => (text === 'think slowly' ? { delayMs: 60_000, answer: () => 'late' } : { answer: () => `You said: ${text}` })),
  });
  parapet = await startParapet({ llmUrl: model.url });
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});


describe('the sandboxed agent', () => {
  it('runs with its sandbox layers in force', async () => {
    const status = await parapet.status();
    expect(status.agent.ready).toBe(true);
    expect(status.agent.pid).not.toBe(status.engine.pid);
    expect(status.sandbox.mode).toBe('strict');
    expect(status.sandbox.permissionModel).toBe(true);
    expect(status.sandbox.emptyEnvironment).toBe(true);
    const probes = Object.fromEntries(status.sandbox.canaries.map((c) => [c.probe, c.succeeded]));
    expect(probes).toMatchObject({ fs_read_workspace: false, fs_write: false, spawn_process: false });
  });

  it('refuses a connection to the agent socket that does not carry the spawn token', async () => {
    const Client = agentServiceClient();
    const client = new Client(`unix:${join(parapet.home, 'run', 'agent.sock')}`, credentials.createInsecure()) as unknown as AgentServiceClient;
    try {
      const stream = client.RunSession(new Metadata());
      const failure = new Promise<ServiceError>((resolve) => stream.on('error', resolve));
      stream.on('data', () => undefined);
      stream.write({ ready: { token: 'not-the-token', canaries: [], pid: 1 } });
      const error = await failure;
      expect(error.metadata.get('parapet-code')[0]).toBe('AGENT_UNAUTHENTICATED');
    } finally {
      client.close();
    }
    const after = await parapet.cli(['send', '--json', 'still there?']);
    expect(after.code, after.stderr).toBe(0);
    expect(jsonLines<{ type: string; content?: string }>(after.stdout).at(-1)).toMatchObject({ type: 'response_complete', content: 'You said: still there?' });
  });

  it('is restarted when killed mid-turn; the turn ends with an error and nothing stored is lost', async () => {
    const before = await parapet.status();
    const requestsBefore = model.requests.length;
    const turn = collect(parapet.spawnCli(['send', '--json', 'think slowly']));
    await waitFor('the model to receive the slow request', async () => (model.requests.length > requestsBefore ? true : undefined));

    process.kill(before.agent.pid, 'SIGKILL');
    const killed = await turn;
    expect(killed.code).toBe(1);
    const stream = jsonLines<{ type: string; code?: string; sessionId: string }>(killed.stdout);
    expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'AGENT_CRASHED' });
    const sessionId = stream[0]?.sessionId as string;

    const restarted = await waitFor('a restarted agent', async () => {
      const s = await parapet.status();
      return s.agent.ready && s.agent.pid !== before.agent.pid ? s : undefined;
    });
    expect(restarted.agent.restarts).toBeGreaterThanOrEqual(1);

    const next = await parapet.cli(['send', '--json', '--session', sessionId, 'are you back?']);
    expect(next.code, next.stderr).toBe(0);
    expect(jsonLines<{ type: string; content?: string }>(next.stdout).at(-1)).toMatchObject({ type: 'response_complete', content: 'You said: are you back?' });

    const history = JSON.parse((await parapet.cli(['history', sessionId, '--json'])).stdout) as { messages: { role: string; content: string }[] };
    expect(history.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'think slowly'],
      ['user', 'are you back?'],
      ['assistant', 'You said: are you back?'],
    ]);
  });

  it('shuts the engine and the agent down on SIGTERM, removing their sockets', async () => {
    const status = await parapet.status();
    await parapet.stop();
    expect(parapet.manager.exitCode).toBe(0);
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await waitFor('both processes to exit', async () => (!alive(status.engine.pid) && !alive(status.agent.pid) ? true : undefined), 5_000);
    expect(existsSync(join(parapet.home, 'run', 'engine.sock'))).toBe(false);
    expect(existsSync(join(parapet.home, 'run', 'agent.sock'))).toBe(false);
  });
});
