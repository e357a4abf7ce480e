import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandServer, type CommandServer, type ServedCommand } from './command-server.js';
import { ExecutionError } from './errors.js';

/* The command server (native/command-server.c, `confine-command --serve`) the confined executor runs every command through. */

const launcher = fileURLToPath(new URL('../../dist/confine-command', import.meta.url));

let dir: string;
let server: CommandServer;

/** As the executor runs it: as root of a user namespace when the test is not root. */
function serverLauncher(): string {
  if (process.getuid?.() === 0) return launcher;
  const wrapper = path.join(dir, 'launcher-in-user-namespace');
  writeFileSync(wrapper, `#!/bin/sh\nexec unshare --user --map-root-user '${launcher}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parapet-command-server-'));
  server = createCommandServer(serverLauncher());
});
afterEach(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(command: Partial<ServedCommand> & Pick<ServedCommand, 'argv'>): Promise<{ exitCode: number | null; signal: string | null; output: string }> {
  const chunks: Buffer[] = [];
  const started = server.start({ cwd: dir, env: { PATH: '/usr/bin:/bin' }, readOnlyFiles: [], ...command }, (chunk) => chunks.push(chunk));
  const end = await started.ended;
  return { ...end, output: Buffer.concat(chunks).toString('utf8') };
}

/** This process's children that are command servers (their parent is the test, their program the launcher). */
function runningServers(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/u.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--serve');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const CONFINEMENT_PROBE = [
  'echo "pid $$"',
  // awk is the shell's child: its parent (field 4) leads its session (field 6) when the shell does.
  'awk \'{ print "session leader " ($4 == $6 ? "yes" : "no") }\' /proc/self/stat',
  'grep -E "^(CapEff|CapBnd|NoNewPrivs):" /proc/self/status | tr "\\t" " "',
  'env | sort',
  'read line; echo "read status $?"',
  'echo "to stderr" >&2',
  'exit 3',
].join('; ');

describe('the command server', () => {
  it('runs each of several commands at once as the first process of its own pid namespace, confined, with its own output and exit code', async () => {
    const results = await Promise.all(
      ['one', 'two', 'three'].map((name) => run({ argv: ['/bin/sh', '-c', `echo "${name}"; ${CONFINEMENT_PROBE}`], env: { PATH: '/usr/bin:/bin', NAME: name } })),
    );
    for (const [index, name] of ['one', 'two', 'three'].entries()) {
      expect(results[index]).toEqual({
        exitCode: 3,
        signal: null,
        output: [
          name,
          'pid 1',
          'session leader yes',
          'CapEff: 0000000000000000',
          'CapBnd: 0000000000000000',
          'NoNewPrivs: 1',
          `NAME=${name}`,
          'PATH=/usr/bin:/bin',
          `PWD=${dir}`,
          'read status 1',
          'to stderr',
          '',
        ].join('\n'),
      });
    }
  });

  it('makes the files read-only for the command alone, and runs nothing when one cannot be', async () => {
    const guarded = path.join(dir, 'USER.md');
    writeFileSync(guarded, 'original\n');
    const blocked = await run({ argv: ['/bin/sh', '-c', `echo changed > '${guarded}'`], readOnlyFiles: [guarded] });
    expect(blocked.exitCode).not.toBe(0);
    expect(blocked.output).toMatch(/Read-only file system/u);
    expect(readFileSync(guarded, 'utf8')).toBe('original\n');
    writeFileSync(guarded, 'edited by a file tool\n');
    expect(readFileSync(guarded, 'utf8')).toBe('edited by a file tool\n');

    const marker = path.join(dir, 'ran');
    const missing = path.join(dir, 'missing.md');
    const refused = await run({ argv: ['/bin/sh', '-c', `touch '${marker}'`], readOnlyFiles: [missing] });
    expect(refused).toEqual({ exitCode: 125, signal: null, output: `parapet: cannot make ${missing} read-only: No such file or directory; the command was not run\n` });
    const noFolder = await run({ argv: ['/bin/sh', '-c', `touch '${marker}'`], cwd: path.join(dir, 'gone') });
    expect(noFolder.exitCode).toBe(125);
    expect(existsSync(marker)).toBe(false);
  });

  it('keeps the files read-only from one command to the next, following a file replaced in between', async () => {
    const guarded = path.join(dir, 'USER.md');
    const attempt = `cat '${guarded}'; { echo changed > '${guarded}'; } 2>/dev/null || echo refused`;
    writeFileSync(guarded, 'one\n');
    expect((await run({ argv: ['/bin/sh', '-c', attempt], readOnlyFiles: [guarded] })).output).toBe('one\nrefused\n');
    // A file tool replaces it (a new inode): the next command sees the new content, read-only too.
    writeFileSync(`${guarded}.new`, 'two\n');
    renameSync(`${guarded}.new`, guarded);
    expect((await run({ argv: ['/bin/sh', '-c', attempt], readOnlyFiles: [guarded] })).output).toBe('two\nrefused\n');
    expect(readFileSync(guarded, 'utf8')).toBe('two\n');
    // Not listed: not protected.
    expect((await run({ argv: ['/bin/sh', '-c', attempt] })).output).toBe('two\n');
    expect(readFileSync(guarded, 'utf8')).toBe('changed\n');
  });

  it('kills a command on request, and reports the signal', async () => {
    const chunks: Buffer[] = [];
    const started = server.start({ argv: ['/bin/sh', '-c', 'echo started; sleep 600 & wait'], cwd: dir, env: { PATH: '/usr/bin:/bin' }, readOnlyFiles: [] }, (chunk) => {
      chunks.push(chunk);
      started.kill();
    });
    await expect(started.ended).resolves.toEqual({ exitCode: null, signal: 'SIGKILL' });
    expect(Buffer.concat(chunks).toString('utf8')).toBe('started\n');
  });

  it('fails the commands in flight when the server dies, and starts a new server for the next one', async () => {
    const started = server.start({ argv: ['/bin/sh', '-c', 'echo waiting; sleep 600'], cwd: dir, env: {}, readOnlyFiles: [] }, () => {
      for (const pid of runningServers()) process.kill(pid, 'SIGKILL');
    });
    await expect(started.ended).rejects.toThrow(/the command server stopped \(SIGKILL\)/u);
    await expect(run({ argv: ['/bin/sh', '-c', 'echo again'] })).resolves.toEqual({ exitCode: 0, signal: null, output: 'again\n' });
  });

  it('refuses an argument holding a NUL character without starting anything', async () => {
    const before = runningServers();
    const started = server.start({ argv: ['/bin/sh', '-c', 'echo a\0b'], cwd: dir, env: {}, readOnlyFiles: [] }, () => undefined);
    await expect(started.ended).rejects.toBeInstanceOf(ExecutionError);
    // Servers of earlier tests may still be on their way out; none was started for this one.
    expect(runningServers().filter((pid) => !before.includes(pid))).toEqual([]);
  });
});
