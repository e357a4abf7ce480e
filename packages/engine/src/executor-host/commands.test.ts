import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ParapetError } from '@parapet/wire';
import type { ExecutionRequest } from '../pipeline/types.js';
import { createExecutorHost, type ExecutorHost } from './executor-host.js';

/* The confined executor running shell commands and git: what a command can reach, see and leave behind. */

const bundle = fileURLToPath(new URL('../../dist/executor.bundle.cjs', import.meta.url));
const commandLauncher = fileURLToPath(new URL('../../dist/confine-command', import.meta.url));
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

let root: string;
let workspace: string;
let outside: string;
let host: ExecutorHost;

/** Command lines of every process on the machine that mentions `marker`. */
function processesMentioning(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/u.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(marker)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

function command(commandLine: string, timeoutMs = 10_000): ExecutionRequest {
  return { tool: 'execute_command', payload: { command: commandLine, timeout_ms: 600_000 }, pathFields: [], timeoutMs, maxOutputBytes: 16_384, protectedPaths: [], protectedInodes: () => new Set() };
}

function git(tool: string, payload: Record<string, unknown>): ExecutionRequest {
  return { tool, payload: { path: workspace, ...payload }, pathFields: ['path'], timeoutMs: 10_000, maxOutputBytes: 16_384, protectedPaths: [], protectedInodes: () => new Set() };
}

async function failure(promise: Promise<unknown>): Promise<ParapetError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ParapetError);
  return outcome.error as ParapetError;
}

beforeAll(() => {
  process.env['PARAPET_ENGINE_SECRET_FOR_TEST'] = 'engine-secret-value-42';
});
afterAll(() => {
  delete process.env['PARAPET_ENGINE_SECRET_FOR_TEST'];
});

beforeEach(async () => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-commands-')));
  workspace = path.join(root, 'ws');
  outside = path.join(root, 'outside');
  mkdirSync(workspace);
  mkdirSync(outside);
  mkdirSync(path.join(root, 'run'));
  writeFileSync(path.join(outside, 'secret.txt'), 'OUTSIDE SECRET\n');
  host = createExecutorHost({ workspace, bundle, commandLauncher, runtimeDir: path.join(root, 'run'), sandbox: 'strict', logger: quiet });
  await host.start();
});
afterEach(async () => {
  await host.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('execute_command in the confined executor', () => {
  it('runs bash in the workspace and reports the output and the exit code', async () => {
    writeFileSync(path.join(workspace, 'a.txt'), 'alpha\n');
    expect(await host.execute(command('pwd; cat a.txt; echo oops >&2; exit 3'))).toBe('/workspace\nalpha\noops\n[exit code 3]');
    expect(await host.execute(command('true'))).toBe('[exit code 0]');
    expect(await host.execute(command('echo made > b.txt'))).toBe('[exit code 0]');
    expect(readFileSync(path.join(workspace, 'b.txt'), 'utf8')).toBe('made\n');
  });

  it('gives a command no secret of the engine: only an allowlisted environment', async () => {
    const output = await host.execute(command('env | cut -d= -f1 | sort | tr "\\n" " "; env | grep -c engine-secret'));
    expect(output).toBe('HOME LANG PATH PWD SHLVL TERM _ 0\n[exit code 1]');
  });

  it('gives an interactive program end of file, not a terminal', async () => {
    expect(await host.execute(command('read -r line; echo "read=$? tty=$(tty)"'))).toBe('read=1 tty=not a tty\n[exit code 0]');
  });

  it('cannot read, write or reach anything outside the workspace, even through a planted symlink', async () => {
    symlinkSync(outside, path.join(workspace, 'link'));
    const server: Server = createServer((_request, response) => response.end('reached'));
    let connections = 0;
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const hostTmpMarker = path.join('/tmp', `${path.basename(root)}-touched`);
    try {
      const output = await host.execute(
        command(
          [
            'cat /etc/hostname',
            `touch ${hostTmpMarker}`,
            'cat link/secret.txt',
            'echo planted > link/planted.txt',
            `cat ${outside}/secret.txt`,
            'cd / && ls',
            `curl -sS -m 3 http://127.0.0.1:${port}/ || echo curl-failed`,
          ].join('; '),
        ),
      );
      expect(output).toContain('cat: /etc/hostname: No such file or directory');
      expect(output).toMatch(/cat: link\/secret.txt: (No such file or directory|Not a directory)/u);
      expect(output).toMatch(/link\/planted.txt: (No such file or directory|Not a directory)/u);
      expect(output).not.toContain('OUTSIDE SECRET');
      expect(output).not.toContain('reached');
      expect(output).toContain('curl-failed');
      // The root the command sees: system folders, its own /tmp and /etc, the workspace. Nothing of the host's.
      const listing = output.split('\n').filter((line) => /^[a-z0-9]+$/u.test(line));
      expect(listing).toEqual(expect.arrayContaining(['usr', 'tmp', 'etc', 'workspace']));
      expect(listing).not.toContain('root');
      expect(listing).not.toContain('home');
      expect(existsSync(hostTmpMarker)).toBe(false);
      expect(readdirSync(outside)).toEqual(['secret.txt']);
      expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE SECRET\n');
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('holds no capability: it cannot mount, create device nodes or become more privileged', async () => {
    const output = await host.execute(command('mount -t tmpfs none /tmp 2>&1 | head -1; mknod /tmp/disk b 8 0 2>&1; grep -E "^Cap(Eff|Bnd)" /proc/self/status 2>&1 | head -2'));
    expect(output).toMatch(/permission denied|must be superuser|Operation not permitted/iu);
    expect(output).toContain("mknod: /tmp/disk: Operation not permitted");
  });

  it('leaves nothing behind when the command exits, even a child that left its process group', async () => {
    // The escaped child writes its pid once it is in its own session, so the command exits only after the escape.
    const escape = "setsid bash -c 'echo $$ > /tmp/escaped; exec sleep 987.602' & until [ -s /tmp/escaped ]; do :; done";
    const output = await host.execute(command(`sleep 987.601 & ${escape}; echo started`));
    expect(output).toBe('started\n[exit code 0]');
    expect(processesMentioning('987.60')).toEqual([]);
  });

  it('kills the command and everything it started at the deadline', async () => {
    const error = await failure(host.execute(command('setsid sleep 987.701 & sleep 987.702; echo never', 500)));
    expect(error).toMatchObject({ code: 'EXECUTION_TIMEOUT', message: 'execute_command: timed out after 500 ms; the command and everything it started were killed' });
    expect(processesMentioning('987.70')).toEqual([]);
    // The executor itself is still there for the next command.
    expect(await host.execute(command('echo again'))).toBe('again\n[exit code 0]');
  });

  it('caps the output and says how much was dropped', async () => {
    const output = await host.execute({ ...command('head -c 100000 /dev/zero | tr "\\0" a'), maxOutputBytes: 1000 });
    expect(output).toBe(`${'a'.repeat(1000)}\n[truncated: 99000 more bytes of output were dropped]\n[exit code 0]`);
  });
});

describe('git tools in the confined executor', () => {
  it('inits, stages, commits and reports status and log, with the hooks of the repository never run', async () => {
    await host.execute(command('git init -q . && echo one > a.txt'));
    const hook = path.join(workspace, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, '#!/bin/sh\ntouch /workspace/hook-ran\n', { mode: 0o755 });
    expect(await host.execute(git('git_status', {}))).toContain('Untracked files:');
    expect(await host.execute(git('git_add', { paths: ['a.txt'] }))).toBe('[exit code 0]');
    expect(await host.execute(git('git_commit', { message: 'first commit', all: false }))).toMatch(/first commit[\s\S]*\[exit code 0\]$/u);
    expect(existsSync(path.join(workspace, 'hook-ran'))).toBe(false);
    expect(await host.execute(git('git_log', { max_count: 5, ref: 'HEAD' }))).toMatch(/^[0-9a-f]{7,} \d{4}-\d{2}-\d{2} Parapet agent: first commit\n\[exit code 0\]$/u);
    writeFileSync(path.join(workspace, 'a.txt'), 'two\n');
    expect(await host.execute(git('git_diff', { staged: false, paths: [] }))).toContain('-one\n+two');
    expect(await host.execute(git('git_branch', { branch: 'feature' }))).toBe('[exit code 0]');
    expect(await host.execute(git('git_branch', { branch: '' }))).toContain('feature');
    expect(await host.execute(git('git_show', { ref: 'HEAD' }))).toMatch(/first commit[\s\S]*a\.txt \| 1 \+[\s\S]*\+one\n\[exit code 0\]$/u);
    expect(await host.execute(git('git_checkout', { ref: 'topic', create: true }))).toContain("Switched to a new branch 'topic'");
    expect(await host.execute(git('git_status', {}))).toContain('On branch topic');
  });

  it('fails a fetch clearly: commands have no network', async () => {
    await host.execute(command('git init -q . && git remote add origin https://github.com/parapet/none.git'));
    const output = await host.execute(git('git_fetch', { remote: 'origin' }));
    expect(output).toMatch(/Could not resolve host|unable to access/u);
    expect(output).toMatch(/\[exit code 128\]$/u);
  });
});
