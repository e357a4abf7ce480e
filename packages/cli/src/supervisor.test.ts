import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { superviseEngine, type SupervisorEvent, type SupervisorOptions } from './supervisor.js';

/*
 * Real child processes stand in for the engine. Each fake engine counts its runs in a file, so a
 * script can behave differently on its first start and on a restart.
 */

const fastRestart = { windowMs: 60_000, baseDelayMs: 5, maxDelayMs: 20 };

describe('engine supervisor', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parapet-supervisor-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** Writes a fake engine; `body` runs with `run` = how many times it has started (1-based). */
  async function fakeEngine(body: string): Promise<string> {
    const script = join(dir, 'engine.mjs');
    await writeFile(
      script,
      `import { readFileSync, writeFileSync, appendFileSync } from 'node:fs';
const counter = ${JSON.stringify(join(dir, 'runs'))};
let run = 1; try { run = Number(readFileSync(counter, 'utf8')) + 1; } catch {}
writeFileSync(counter, String(run));
const ready = () => console.log(JSON.stringify({ event: 'ready', socket: '/x/engine.sock', demo: true }));
const log = (line) => appendFileSync(${JSON.stringify(join(dir, 'log'))}, line + '\\n');
${body}
`,
    );
    return script;
  }

  function supervise(script: string, extra: Partial<SupervisorOptions> = {}) {
    const events: SupervisorEvent[] = [];
    const checks = new Set<() => void>();
    const report = (event: SupervisorEvent): void => {
      events.push(event);
      for (const check of checks) check();
    };
    const supervisor = superviseEngine({ command: process.execPath, args: [script], restart: fastRestart, report, ...extra });
    /** Resolves once the supervisor has reported `count` events of `type`: its report, not a clock, ends the wait. */
    const reported = (type: SupervisorEvent['type'], count = 1): Promise<void> =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          if (events.filter((event) => event.type === type).length < count) return;
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
        void supervisor.done.then((result) => {
          checks.delete(check);
          reject(new Error(`the supervisor ended (${result.reason}) after ${events.filter((event) => event.type === type).length} of ${count} ${type} events`));
        });
      });
    return { supervisor, events, reported };
  }

  it('passes the ready line on, forwards a stop signal and ends cleanly when the engine exits', async () => {
    const script = await fakeEngine(`process.on('SIGTERM', () => { log('got SIGTERM'); process.exit(0); });
console.log('engine says hi'); ready();
setInterval(() => {}, 1000);`);
    const { supervisor, events, reported } = supervise(script);
    await reported('ready');
    supervisor.stop('SIGTERM');
    await expect(supervisor.done).resolves.toEqual({ reason: 'stopped', exitCode: 0 });
    expect(await readFile(join(dir, 'log'), 'utf8')).toBe('got SIGTERM\n');
    expect(events.find((event) => event.type === 'ready')).toMatchObject({ info: { event: 'ready', socket: '/x/engine.sock', demo: true } });
    expect(events).toContainEqual({ type: 'output', line: 'engine says hi' });
  });

  it('restarts an engine that crashes after being ready', async () => {
    const script = await fakeEngine(`if (run === 1) setTimeout(() => process.exit(3), 10);
else { process.on('SIGINT', () => process.exit(0)); setInterval(() => {}, 1000); }
ready();`);
    const { supervisor, events, reported } = supervise(script);
    await reported('ready', 2);
    expect(events).toContainEqual(expect.objectContaining({ type: 'crashed', code: 3, signal: null, restart: 1 }));
    supervisor.stop('SIGINT');
    await expect(supervisor.done).resolves.toEqual({ reason: 'stopped', exitCode: 0 });
    expect(await readFile(join(dir, 'runs'), 'utf8')).toBe('2');
  });

  it('does not retry an engine that fails before it is ever ready (bad config would only loop)', async () => {
    const script = await fakeEngine(`process.stderr.write('config.yaml: llm.model: expected a non-empty string\\n'); process.exit(1);`);
    const { supervisor } = supervise(script);
    await expect(supervisor.done).resolves.toEqual({ reason: 'failed-to-start', exitCode: 1, detail: 'exit code 1' });
    expect(await readFile(join(dir, 'runs'), 'utf8')).toBe('1');
  });

  it('never gives up on an engine that keeps crashing: capped backoff, cleanup after every exit', async () => {
    const script = await fakeEngine(`ready(); setTimeout(() => process.exit(1), 5);`);
    let cleanups = 0;
    const { supervisor, events, reported } = supervise(script, { afterExit: () => (cleanups += 1) });
    const crashes = () => events.filter((event) => event.type === 'crashed');
    await reported('crashed', 8);
    supervisor.stop('SIGTERM');
    await supervisor.done;
    expect(crashes().slice(0, 8).map((event) => event.type === 'crashed' && event.restartInMs)).toEqual([5, 10, 20, 20, 20, 20, 20, 20]);
    expect(cleanups).toBeGreaterThanOrEqual(8);
  });

  it('gives the engine a stdin pipe it holds open (its end tells the engine the supervisor died)', async () => {
    const script = await fakeEngine(`import { fstatSync } from 'node:fs';
const stat = fstatSync(0);
log('stdin is a pipe: ' + (stat.isFIFO() || stat.isSocket()));
process.stdin.on('end', () => log('stdin ended'));
process.stdin.resume();
process.on('SIGTERM', () => process.exit(0));
ready(); setInterval(() => {}, 1000);`);
    const { supervisor, reported } = supervise(script);
    await reported('ready');
    supervisor.stop('SIGTERM');
    await supervisor.done;
    expect(await readFile(join(dir, 'log'), 'utf8')).toBe('stdin is a pipe: true\n');
  });

  it('kills an engine that ignores the stop signal once the shutdown timeout passes', async () => {
    const script = await fakeEngine(`process.on('SIGTERM', () => log('ignoring SIGTERM')); ready(); setInterval(() => {}, 1000);`);
    const { supervisor, events, reported } = supervise(script, { shutdownTimeoutMs: 200 });
    await reported('ready');
    supervisor.stop('SIGTERM');
    await expect(supervisor.done).resolves.toEqual({ reason: 'stopped', exitCode: 1 });
    expect(events.some((event) => event.type === 'forced')).toBe(true);
    expect(await readFile(join(dir, 'log'), 'utf8')).toBe('ignoring SIGTERM\n');
  });

  it('reports an engine entry that cannot be spawned', async () => {
    const { supervisor } = supervise('/nonexistent/engine.mjs', { command: join(dir, 'no-such-node') });
    await expect(supervisor.done).resolves.toMatchObject({ reason: 'failed-to-start', exitCode: 1 });
  });
});
