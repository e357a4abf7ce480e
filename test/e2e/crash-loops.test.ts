import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_READY_LINE, isAlive, jsonLines, startedPerTest, waitFor, type StatusJson } from '../harness/parapet.js';

/*
 * Crash policy: the engine restarts a dying agent, and the process manager a dying engine, with
 * capped backoff and without ever giving up; children die with their parent. The caps are set low
 * through `parapet start --max-restart-delay` so the loops run quickly.
 */

const start = startedPerTest({ extraArgs: ['--max-restart-delay', '300'] });

describe('crash loops', () => {
  it('keeps restarting an agent killed more than 6 times in a minute, shows it degraded, and serves a later turn', async () => {
    const parapet = await start();
    let status: StatusJson = await parapet.status();
    expect(status.agent).toMatchObject({ state: 'ready', degraded: false });
    for (let kill = 1; kill <= 8; kill += 1) {
      const previous = status.agent.pid;
      const restarted = parapet.printed(`agent restart ${kill}`, /\bagent ready\b/);
      process.kill(previous, 'SIGKILL');
      await restarted;
      status = await parapet.status();
      expect(status.agent.pid).not.toBe(previous);
    }
    expect(status.agent).toMatchObject({ ready: true, state: 'ready', degraded: true, restarts: 8 });
    const human = await parapet.cli(['status']);
    expect(human.stdout).toMatch(/agent +pid \d+ · DEGRADED: keeps dying, still restarting · ready/);

    const turn = await parapet.cli(['send', '--json', 'list files']);
    expect(turn.code, turn.stderr).toBe(0);
    expect(jsonLines<{ type: string }>(turn.stdout).at(-1)).toMatchObject({ type: 'response_complete' });
  }, 120_000);

  it('keeps restarting an engine that keeps crashing, and a stop in between leaves no stale sockets', async () => {
    const parapet = await start();
    let engine = (await parapet.status()).engine.pid;
    for (let kill = 1; kill <= 6; kill += 1) {
      const previous = engine;
      const restarted = parapet.printed(`engine restart ${kill}`, ENGINE_READY_LINE);
      process.kill(previous, 'SIGKILL');
      await restarted;
      const status = await parapet.status();
      expect(status.agent.ready).toBe(true);
      expect(status.engine.pid).not.toBe(previous);
      engine = status.engine.pid;
    }
    expect(parapet.manager.exitCode).toBeNull();
    expect(parapet.managerOutput()).toMatch(/engine crashed \(killed by SIGKILL\); restart 6 in \d+ ms \(DEGRADED: 6 crashes within a minute; still retrying\)/);

    // A SIGKILLed engine cannot remove its sockets; the manager does, before it restarts or stops.
    const crashes = (parapet.managerOutput().match(/engine crashed/g) ?? []).length;
    const { agent } = await parapet.status();
    process.kill(engine, 'SIGKILL');
    await waitFor('the manager to see the crash', async () => ((parapet.managerOutput().match(/engine crashed/g) ?? []).length > crashes ? true : undefined));
    await parapet.stop();
    expect(parapet.manager.exitCode).toBe(0);
    expect(existsSync(join(parapet.home, 'run', 'engine.sock'))).toBe(false);
    expect(existsSync(join(parapet.home, 'run', 'agent.sock'))).toBe(false);
    await waitFor('the dead engine’s agent to exit', async () => (!isAlive(agent.pid) ? true : undefined));
  }, 120_000);

  it('stops the engine and the agent when the process manager is SIGKILLed', async () => {
    const parapet = await start();
    const { engine, agent } = await parapet.status();
    parapet.manager.kill('SIGKILL');
    await waitFor('the engine and the agent to exit', async () => (!isAlive(engine.pid) && !isAlive(agent.pid) ? true : undefined), 10_000);
  });
});
