import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_READY_LINE, isAlive, jsonLines, startedPerTest, untilPrinted, waitFor, type RunningParapet } from '../harness/parapet.js';

/* One parapet per home: a second start is refused before it touches anything; `parapet stop`. */

const start = startedPerTest();

/*
 * Each test runs a daemon start (two, in the takeover) and four to six CLI processes one after the
 * other. Measured on the 2 shared cores at load 10: a start 4.5–7 s, each CLI process 1.3–3 s, a
 * test 16–18 s in all; the default 30 s is then reached at a load near 15. The waits themselves
 * are on events (ready lines, exits); twice the default only leaves room for those process starts.
 */
const PROCESS_SEQUENCE_MS = 60_000;

async function turnWorks(parapet: RunningParapet, text: string): Promise<void> {
  const result = await parapet.cli(['send', '--json', text]);
  expect(result.code, result.stderr).toBe(0);
  expect(jsonLines<{ type: string }>(result.stdout).at(-1)).toMatchObject({ type: 'response_complete' });
}

describe('the home lock', { timeout: PROCESS_SEQUENCE_MS }, () => {
  it('refuses a second start at once with one line naming the pid, and the running daemon keeps working', async () => {
    const parapet = await start();
    const before = await parapet.status();

    const second = await parapet.cli(['start', '--demo'], { timeoutMs: 15_000 });
    expect(second.code).toBe(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`(pid ${parapet.manager.pid})`);
    expect(lines[0]).toMatch(/already running/);
    expect(second.stdout).toBe('');

    // Same engine, still reachable with the same token and sockets.
    expect((await parapet.status()).engine.pid).toBe(before.engine.pid);
    await turnWorks(parapet, 'list files');

    // Its agent socket survived: a killed agent is restarted.
    const restarted = parapet.printed('a restarted agent', /\bagent ready\b/);
    process.kill(before.agent.pid, 'SIGKILL');
    await restarted;
    const after = await parapet.status();
    expect(after.agent.ready).toBe(true);
    expect(after.agent.pid).not.toBe(before.agent.pid);
    await turnWorks(parapet, 'list files');
  });

  it('takes over a lock left by a SIGKILLed process manager', async () => {
    const parapet = await start();
    const { engine, agent } = await parapet.status();
    parapet.manager.kill('SIGKILL');
    await waitFor('the orphaned engine and agent to exit', async () => (!isAlive(engine.pid) && !isAlive(agent.pid) ? true : undefined));
    expect(existsSync(join(parapet.home, 'parapet.lock'))).toBe(true);

    const restarted = parapet.spawnCli(['start']);
    try {
      await untilPrinted(restarted, 'a new daemon on the same home', ENGINE_READY_LINE);
      const status = await parapet.status();
      expect(status.agent.ready).toBe(true);
      expect(status.engine.pid).not.toBe(engine.pid);
      await turnWorks(parapet, 'list files');
    } finally {
      const stopped = await parapet.cli(['stop']);
      expect(stopped.code, stopped.stderr).toBe(0);
    }
  });

  it('parapet stop stops the daemon (processes gone, sockets and lock removed) and says so when none runs', async () => {
    const parapet = await start();
    const { engine, agent } = await parapet.status();
    const run = join(parapet.home, 'run');
    expect(existsSync(join(run, 'engine.sock'))).toBe(true);

    const stopped = await parapet.cli(['stop']);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toBe(`parapet: stopped (pid ${parapet.manager.pid}) for ${parapet.home}\n`);
    for (const pid of [parapet.manager.pid ?? 0, engine.pid, agent.pid]) expect(isAlive(pid), `pid ${pid}`).toBe(false);
    expect(existsSync(join(run, 'engine.sock'))).toBe(false);
    expect(existsSync(join(run, 'agent.sock'))).toBe(false);
    expect(existsSync(join(parapet.home, 'parapet.lock'))).toBe(false);

    const again = await parapet.cli(['stop']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`parapet: not running for ${parapet.home}\n`);
  });
});
