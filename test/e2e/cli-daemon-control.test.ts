import { afterEach, describe, expect, it } from 'vitest';
import { runCliAlone } from '../harness/cli-only.js';
import { jsonLines, startParapet, waitFor, type CliResult, type RunningParapet } from '../harness/parapet.js';

/* Scripts and a second terminal drive the running daemon: a message on stdin, restart, logs -f, stop. */

const running: RunningParapet[] = [];
afterEach(async () => {
  for (const parapet of running.splice(0)) {
    await parapet.stop();
    parapet.cleanup();
  }
});

function cliWithStdin(home: string, args: readonly string[], input: string): Promise<CliResult> {
  return runCliAlone(args, { PARAPET_HOME: home }, input);
}

describe('daemon control from the CLI', () => {
  it('send - takes the whole of stdin as one message; sessions export prints it as Markdown or JSON', async () => {
    const parapet = await startParapet();
    running.push(parapet);
    const result = await cliWithStdin(parapet.home, ['send', '--json', '-'], 'write notes.txt: first line\n');
    expect(result.code).toBe(0);
    const events = jsonLines<{ type: string; sessionId: string; argumentsJson?: string }>(result.stdout);
    expect(events.find((event) => event.type === 'action_started')?.argumentsJson).toBe('{"path":"notes.txt","content":"first line"}');
    const history = await parapet.cli(['history', '--json', events[0]?.sessionId ?? '']);
    const messages = (JSON.parse(history.stdout) as { messages: { role: string; content: string }[] }).messages;
    expect(messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['write notes.txt: first line']);

    const sessionId = events[0]?.sessionId ?? '';
    const markdown = await parapet.cli(['sessions', 'export', sessionId]);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toMatch(new RegExp(`^# .+\n\nSession \`${sessionId}\` · started .+ · 2 messages\n\n## You · .+\n\nwrite notes.txt: first line\n\n## Parapet · `));
    const exported = JSON.parse((await parapet.cli(['sessions', 'export', '--format', 'json', sessionId])).stdout) as { session: { id: string }; messages: { role: string }[] };
    expect(exported.session.id).toBe(sessionId);
    expect(exported.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    const missing = await parapet.cli(['sessions', 'export', 'NO-SUCH-SESSION']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('parapet: no session with id NO-SUCH-SESSION\n');

    const empty = await cliWithStdin(parapet.home, ['send', '-'], '');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toBe('parapet: send -: stdin was empty; pipe the message in, e.g. `echo hi | parapet send -`\n');
  }, 60_000);

  it('restart replaces the engine under the same process manager, and it answers again', async () => {
    const parapet = await startParapet();
    running.push(parapet);
    const before = await parapet.status();
    const result = await parapet.cli(['restart']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const after = await parapet.status();
    expect(after.engine.pid).not.toBe(before.engine.pid);
    expect(result.stdout).toBe(`parapet: restarted; engine pid ${after.engine.pid} (was ${before.engine.pid}) for ${parapet.home}\n`);
    expect(parapet.manager.exitCode).toBeNull();
    expect(parapet.managerOutput()).toContain(`parapet: restarting the engine (pid ${before.engine.pid}) as asked`);
    expect(parapet.managerOutput()).not.toContain('engine crashed');
    expect((await parapet.cli(['send', 'list files'])).code).toBe(0);
  }, 60_000);

  it('logs prints the log file for people, --json as stored, and -f follows new records', async () => {
    const parapet = await startParapet();
    running.push(parapet);
    const human = await parapet.cli(['logs', '--no-color']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}agent ready /m);
    const records = jsonLines<{ level: number; msg: string }>((await parapet.cli(['logs', '--json', '--level', 'warn'])).stdout);
    expect(records.every((record) => record.level >= 40)).toBe(true);

    const follower = parapet.spawnCli(['logs', '-f', '--json', '-n', '1']);
    let followed = '';
    follower.stdout?.on('data', (chunk: Buffer) => (followed += chunk.toString()));
    await waitFor('the first record', async () => (followed.includes('\n') ? true : undefined));
    const { agent } = await parapet.status();
    process.kill(agent.pid, 'SIGKILL');
    await waitFor('the agent crash followed', async () => (/"msg":"agent died/.test(followed) ? true : undefined));
    const exited = new Promise<number | null>((resolve) => follower.once('close', resolve));
    follower.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 60_000);

  it('stop ends the daemon; restart then says it is not running', async () => {
    const parapet = await startParapet();
    running.push(parapet);
    const stopped = await parapet.cli(['stop']);
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('parapet: stopped');
    const restart = await parapet.cli(['restart']);
    expect(restart.code).toBe(1);
    expect(restart.stderr).toBe(`parapet: not running for ${parapet.home}; start it with \`parapet start\`\n`);
  }, 60_000);
});
