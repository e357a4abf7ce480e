import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { isAlive, jsonLines, startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';
import { plannedModel } from '../harness/tool-script.js';

let model: ScriptedModel;
let parapet: RunningParapet;

beforeAll(async () => {
  model = await startScriptedModel({
    respond: plannedModel((text) =>
      text === 'read notes' ? { calls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }], answer: (results) => results.join(' | ') } : {},
    ),
  });
  parapet = await startParapet({ llmUrl: model.url });
  writeFileSync(join(parapet.workspace, 'notes.txt'), 'buy milk\n');
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});

async function readNotes(): Promise<{ isError: boolean; output: string }> {
  const result = await parapet.cli(['send', '--json', 'read notes']);
  expect(result.code, result.stderr).toBe(0);
  const completed = jsonLines<{ type: string; isError: boolean; output: string }>(result.stdout).find((e) => e.type === 'action_completed');
  if (!completed) throw new Error(`no action_completed in ${result.stdout}`);
  return completed;
}

describe('the confined executor process', () => {
  it('runs beside the agent, confined, and performs the actions', async () => {
    const status = await parapet.status();
    expect(status.sandbox.executorConfined).toBe(true);
    expect(status.executor.ready).toBe(true);
    expect([status.engine.pid, status.agent.pid]).not.toContain(status.executor.pid);
    expect(await readNotes()).toMatchObject({ isError: false, output: 'buy milk\n' });
  });

  it('is restarted by the engine when it dies, and `status` counts it', async () => {
    const before = await parapet.status();
    process.kill(before.executor.pid, 'SIGKILL');
    const after = await waitFor('a restarted executor', async () => {
      const s = await parapet.status();
      return s.executor.ready && s.executor.restarts === 1 ? s : undefined;
    });
    expect(after.executor.pid).not.toBe(before.executor.pid);
    expect(after.executor.lastError).toContain('the executor exited');
    expect(await readNotes()).toMatchObject({ isError: false, output: 'buy milk\n' });
  });

  it('exits when the engine dies', async () => {
    const before = await parapet.status();
    process.kill(before.engine.pid, 'SIGKILL');
    await waitFor('the executor to exit with its engine', async () => (isAlive(before.executor.pid) ? undefined : true), 10_000);
    // The process manager brings the engine back, with a fresh confined executor.
    const after = await waitFor('a new engine', async () => {
      const s = await parapet.status();
      return s.engine.pid !== before.engine.pid && s.executor.ready ? s : undefined;
    });
    expect(after.sandbox.executorConfined).toBe(true);
    expect(await readNotes()).toMatchObject({ isError: false, output: 'buy milk\n' });
  });
});
