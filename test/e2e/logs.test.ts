import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';

/* People read the terminal, machines read $PARAPET_HOME/logs: human lines there, JSON lines here. */

const running: RunningParapet[] = [];
afterEach(async () => {
  for (const parapet of running.splice(0)) {
    await parapet.stop();
    parapet.cleanup();
  }
});

interface LogRecord {
  level: number;
  time: number;
  msg: string;
}

function logRecords(home: string): { files: string[]; records: LogRecord[] } {
  const dir = join(home, 'logs');
  const files = readdirSync(dir).filter((name) => name.endsWith('.log'));
  const records = files.flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogRecord),
  );
  return { files, records };
}

describe('logs', () => {
  it('prints human lines on the terminal and writes JSON lines to rotated files under $PARAPET_HOME/logs', async () => {
    const parapet = await startParapet({ config: 'log:\n  level: debug\n  max_file_kb: 1\n  keep_files: 3\n' });
    running.push(parapet);
    expect((await parapet.cli(['send', 'list files'])).code).toBe(0);
    // Agent restarts log a few records each: enough to fill 1 KB files.
    for (let kill = 1; kill <= 3; kill += 1) {
      const { agent } = await parapet.status();
      process.kill(agent.pid, 'SIGKILL');
      await waitFor('a restarted agent', async () => {
        const s = await parapet.status();
        return s.agent.ready && s.agent.pid !== agent.pid ? true : undefined;
      });
    }
    await parapet.stop();

    const terminal = parapet.managerOutput().split('\n').filter((line) => line !== '');
    expect(terminal.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(terminal.some((line) => /^\d\d:\d\d:\d\d\.\d{3} INFO {2}agent ready /.test(line))).toBe(true);
    expect(terminal).toContain(`parapet: logs: ${join(parapet.home, 'logs')} (JSON lines, rotated)`);

    const { files, records } = logRecords(parapet.home);
    expect(files.length).toBeGreaterThan(1);
    expect(files.length).toBeLessThanOrEqual(4);
    for (const record of records) expect(record).toMatchObject({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) });
    expect(records.map((record) => record.msg)).toContain('engine stopped');
    expect(records.some((record) => record.level === 20)).toBe(true);
  }, 60_000);

  it('--log-level sets what is logged', async () => {
    const parapet = await startParapet({ extraArgs: ['--log-level', 'warn'] });
    running.push(parapet);
    expect((await parapet.cli(['send', 'list files'])).code).toBe(0);
    await parapet.stop();
    expect(parapet.managerOutput()).not.toMatch(/ INFO {2}/);
    expect(logRecords(parapet.home).records.filter((record) => record.level < 40)).toEqual([]);

    // The flag wins over the file.
    const verbose = await startParapet({ config: 'log:\n  level: error\n', extraArgs: ['--log-level', 'debug'] });
    running.push(verbose);
    expect((await verbose.cli(['send', 'list files'])).code).toBe(0);
    await verbose.stop();
    const levels = logRecords(verbose.home).records.map((record) => record.level);
    expect(levels).toContain(20);
    expect(levels).toContain(30);
  }, 60_000);
});
