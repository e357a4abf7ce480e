import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ParapetError } from '@parapet/wire';
import { auditKinds, createHarness } from '../pipeline/pipeline.test-support.js';
import type { ExecutionRequest } from '../pipeline/types.js';
import { createExecutorHost, type ExecutorHost } from './executor-host.js';
import type { ExecutorHostOptions } from './types.js';

const bundle = fileURLToPath(new URL('../../dist/executor.bundle.cjs', import.meta.url));
const commandLauncher = fileURLToPath(new URL('../../dist/confine-command', import.meta.url));

/** A stand-in child that answers init as told and never answers an action. */
function fixtureChild(dir: string, ready: { workspaceVisible: boolean; outsideVisible: boolean }): string {
  const file = path.join(dir, 'fixture-executor.cjs');
  writeFileSync(
    file,
    `const lines = require('node:readline').createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (JSON.parse(line).type === 'init') process.stdout.write(JSON.stringify({ type: 'ready', ...${JSON.stringify(ready)} }) + '\\n');
});
lines.on('close', () => process.exit(0));
`,
  );
  return file;
}

let root: string;
let workspace: string;
let outside: string;
let hosts: ExecutorHost[];
let logged: string[];

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-executor-')));
  workspace = path.join(root, 'ws');
  outside = path.join(root, 'outside');
  mkdirSync(workspace);
  mkdirSync(outside);
  mkdirSync(path.join(root, 'run'));
  writeFileSync(path.join(outside, 'secret.txt'), 'OUTSIDE SECRET\n');
  hosts = [];
  logged = [];
});

afterEach(async () => {
  await Promise.all(hosts.map((host) => host.stop()));
  rmSync(root, { recursive: true, force: true });
});

function newHost(overrides: Partial<ExecutorHostOptions> = {}): ExecutorHost {
  const record = (obj: object, msg?: string): void => void logged.push(`${msg ?? ''} ${JSON.stringify(obj)}`);
  const host = createExecutorHost({
    workspace,
    bundle,
    commandLauncher,
    runtimeDir: path.join(root, 'run'),
    sandbox: 'strict',
    logger: { debug: record, info: record, warn: record, error: record },
    restart: { max: 5, windowMs: 60_000, baseBackoffMs: 10, maxBackoffMs: 40 },
    ...overrides,
  });
  hosts.push(host);
  return host;
}

function request(tool: string, payload: Record<string, unknown>, timeoutMs = 5000): ExecutionRequest {
  const pathFields = ['path', 'source', 'destination'].filter((field) => field in payload);
  return { tool, payload, pathFields, timeoutMs, maxOutputBytes: 4096, protectedPaths: [], protectedInodes: () => new Set() };
}

async function until(what: string, condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!condition()) throw new Error(`never happened: ${what}`);
}

/** Rejects with the error the promise rejects with, or fails the test when it resolves. */
async function failure(promise: Promise<unknown>): Promise<ParapetError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ParapetError);
  return outcome.error as ParapetError;
}

describe('the confined executor', () => {
  it('runs actions in the workspace and shows workspace-relative paths', async () => {
    const host = newHost();
    await host.start();
    expect(host.status()).toMatchObject({ confined: true, ready: true, restarts: 0, missing: [] });
    expect(host.status().pid).toBeGreaterThan(0);

    expect(await host.execute(request('write_file', { path: path.join(workspace, 'notes', 'a.txt'), content: 'hello' }))).toBe('Created notes/a.txt (5 bytes)');
    expect(readFileSync(path.join(workspace, 'notes', 'a.txt'), 'utf8')).toBe('hello');
    expect(await host.execute(request('read_file', { path: path.join(workspace, 'notes', 'a.txt') }))).toBe('hello');
    expect(await host.execute(request('list_directory', { path: workspace }))).toBe('.: 1 entry\nnotes/');
    const missing = await failure(host.execute(request('read_file', { path: path.join(workspace, 'nope.txt') })));
    expect(missing).toMatchObject({ code: 'EXECUTION_FAILED', message: 'nope.txt: no such file or folder' });
  });

  it('cannot follow a symlink out of the workspace even when nothing checked it first', async () => {
    symlinkSync(outside, path.join(workspace, 'link'));
    const host = newHost();
    await host.start();

    const read = await failure(host.execute(request('read_file', { path: path.join(workspace, 'link', 'secret.txt') })));
    expect(read.code).toBe('EXECUTION_FAILED');
    expect(read.message).not.toContain('OUTSIDE');
    await failure(host.execute(request('write_file', { path: path.join(workspace, 'link', 'planted.txt'), content: 'x' })));
    await failure(host.execute(request('delete_file', { path: path.join(workspace, 'link', 'secret.txt') })));
    await failure(host.execute(request('move_file', { source: path.join(workspace, 'link', 'secret.txt'), destination: path.join(workspace, 'got.txt') })));

    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE SECRET\n');
    expect(existsSync(path.join(workspace, 'got.txt'))).toBe(false);
  });

  it('skips protected files in a search, also through a hard link inside the workspace', async () => {
    const token = path.join(root, 'run', 'client.token');
    writeFileSync(token, 'needle in the token\n');
    linkSync(token, path.join(workspace, 'linked.txt'));
    mkdirSync(path.join(workspace, '.state'));
    writeFileSync(path.join(workspace, '.state', 'db.txt'), 'needle in the state\n');
    writeFileSync(path.join(workspace, 'plain.txt'), 'needle in plain sight\n');
    const host = newHost();
    await host.start();
    const output = await host.execute({
      ...request('search_files', { path: workspace, pattern: 'needle' }),
      protectedPaths: [token, path.join(workspace, '.state')],
      protectedInodes: () => {
        const stats = statSync(token);
        return new Set([`${stats.dev}:${stats.ino}`]);
      },
    });
    expect(output).toBe('1 match for "needle" in .\nplain.txt:1: needle in plain sight');
  });

  it('searches only the redacted text, built-in rules and configured secrets alike', async () => {
    const token = 'ghp_abcdCfghijklmnopqrstuvwxyz0123456789';
    const configured = 'my-own-model-key-7f3a9c';
    writeFileSync(path.join(workspace, 'deploy.env'), `GITHUB=${token}\nLLM=${configured}\n`);
    const host = newHost({ secrets: [configured] });
    await host.start();
    const search = (pattern: string): Promise<string> => host.execute(request('search_files', { pattern, path: workspace }));

    expect((await search('/ghp_.{4}C/')).split('\n')[0]).toBe('0 matches for "/ghp_.{4}C/" in .');
    expect((await search('/own-model/')).split('\n')[0]).toBe('0 matches for "/own-model/" in .');
    const shown = await search('/=/');
    expect(shown).not.toContain(token);
    expect(shown).not.toContain(configured);
    expect(shown).toContain('deploy.env:1: GITHUB=[REDACTED');
  });

  it('refuses a path field outside the workspace before the executor sees it', async () => {
    const host = newHost();
    await host.start();
    const error = await failure(host.execute(request('read_file', { path: path.join(outside, 'secret.txt') })));
    expect(error).toMatchObject({ code: 'EXECUTION_FAILED', message: 'path: not a path inside the workspace (refused)' });
  });

  it('fails the action in flight when the executor dies, then restarts it', async () => {
    writeFileSync(path.join(workspace, 'slow.txt'), `${'a'.repeat(40)}\n`);
    const host = newHost();
    await host.start();
    const firstPid = host.status().pid;
    // A backtracking pattern keeps the action busy until the child is killed.
    const inFlight = host.execute(request('search_files', { path: workspace, pattern: '/(a+)+b/' }, 30_000));
    process.kill(firstPid, 'SIGKILL');
    const error = await failure(inFlight);
    expect(error.code).toBe('EXECUTION_FAILED');
    expect(error.message).toMatch(/executor process died during the action .*outcome is unknown/);

    await until('the executor is back', () => host.status().ready);
    expect(host.status()).toMatchObject({ confined: true, restarts: 1 });
    expect(host.status().pid).not.toBe(firstPid);
    expect(host.status().lastError).toMatch(/the executor exited \(signal SIGKILL\)/);
    expect(await host.execute(request('read_file', { path: path.join(workspace, 'slow.txt') }))).toContain('aaaa');
  });

  it('stops waiting at the deadline, kills the silent executor and starts a fresh one', async () => {
    const host = newHost({ bundle: fixtureChild(root, { workspaceVisible: true, outsideVisible: false }), deadlineGraceMs: 50 });
    await host.start();
    const error = await failure(host.execute(request('read_file', { path: path.join(workspace, 'a.txt') }, 100)));
    expect(error).toMatchObject({ code: 'EXECUTION_TIMEOUT', message: 'read_file: timed out after 100 ms' });
    await until('the executor is restarted', () => host.status().restarts === 1 && host.status().ready);
    expect(logged.some((line) => line.includes('executor missed its deadline'))).toBe(true);
  });

  it('never gives up on an executor that keeps dying: says it is degraded and keeps restarting it', async () => {
    writeFileSync(path.join(workspace, 'a.txt'), 'still here');
    const host = newHost({ restart: { max: 1, windowMs: 60_000, baseBackoffMs: 10, maxBackoffMs: 40 } });
    await host.start();
    for (let death = 1; death <= 3; death += 1) {
      const pid = host.status().pid;
      process.kill(pid, 'SIGKILL');
      await until(`restart ${death}`, () => host.status().restarts === death && host.status().ready && host.status().pid !== pid);
    }
    expect(host.status().lastError).toMatch(/degraded: 3 deaths within the restart window, still restarting/);
    expect(await host.execute(request('read_file', { path: path.join(workspace, 'a.txt') }))).toBe('still here');
  });
});

describe('when the mount namespace is unavailable', () => {
  const noUnshare = ['/nonexistent/unshare'];

  it('strict mode refuses to start, naming the layer and the weaker mode', async () => {
    const host = newHost({ unshareCandidates: noUnshare });
    const error = await failure(host.start());
    expect(error.code).toBe('SANDBOX_UNSAFE');
    expect(error.message).toContain('executor mount namespace is unavailable (unshare (util-linux) not found)');
    expect(error.message).toContain('--weak-sandbox');
  });

  it('strict mode refuses to start without the command launcher, naming it and how to build it', async () => {
    const missing = path.join(root, 'no-confine-command');
    const host = newHost({ commandLauncher: missing });
    const error = await failure(host.start());
    expect(error.code).toBe('SANDBOX_UNSAFE');
    expect(error.message).toContain(`the command launcher ${missing} is missing (\`npm run build\` compiles it)`);
  });

  it('strict mode refuses an executor that can see outside the workspace', async () => {
    const host = newHost({ bundle: fixtureChild(root, { workspaceVisible: true, outsideVisible: true }) });
    const error = await failure(host.start());
    expect(error.code).toBe('SANDBOX_UNSAFE');
    expect(error.message).toContain('the executor can see folders outside the workspace');
  });

  it('weak mode runs actions in the engine and reports the missing layer', async () => {
    const host = newHost({ unshareCandidates: noUnshare, sandbox: 'weak' });
    await host.start();
    expect(host.status()).toMatchObject({ confined: false, pid: 0, missing: ['executor mount namespace'] });
    expect(logged.some((line) => line.startsWith('WEAK SANDBOX'))).toBe(true);
    expect(await host.execute(request('write_file', { path: path.join(workspace, 'w.txt'), content: 'weak' }))).toBe('Created w.txt (4 bytes)');
    expect(readFileSync(path.join(workspace, 'w.txt'), 'utf8')).toBe('weak');
  });
});

describe('the pipeline on the confined executor', () => {
  it('audits FAILED, not EXECUTED, when the executor dies during the action', async () => {
    const h = createHarness();
    try {
      writeFileSync(path.join(h.workspace, 'slow.txt'), `${'a'.repeat(40)}\n`);
      workspace = h.workspace;
      const host = newHost({ runtimeDir: path.join(h.home, 'run') });
      await host.start();
      const dyingExecutor = {
        execute(req: ExecutionRequest): Promise<string> {
          const pending = host.execute(req);
          process.kill(host.status().pid, 'SIGKILL');
          return pending;
        },
      };
      h.rebuild({ executor: dyingExecutor });
      const result = await h.run('search_files', { path: '.', pattern: '/(a+)+b/' });
      expect(result).toMatchObject({ isError: true, errorCode: 'EXECUTION_FAILED' });
      expect(result.content).toMatch(/executor process died during the action/);
      expect(auditKinds(h.store)).toEqual(['PROPOSED', 'EVALUATED', 'FAILED']);

      h.rebuild({ executor: host });
      await until('the executor is back', () => host.status().ready);
      expect(await h.run('read_file', { path: 'slow.txt' })).toMatchObject({ isError: false });
      expect(auditKinds(h.store).slice(-1)).toEqual(['EXECUTED']);
    } finally {
      h.cleanup();
    }
  });
});
