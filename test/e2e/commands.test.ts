import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { withCommandsLetThrough } from '../harness/policies.js';
import { jsonLines, startParapet, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

/* The shell and git tools through the whole product: real daemon, real Shield, real confined executor. */

interface EventLine {
  type: string;
  [key: string]: unknown;
}

const outsideDir = mkdtempSync(join(tmpdir(), 'parapet-cmd-outside-'));
const hostTmpMarker = join('/tmp', `${basename(outsideDir)}-touched`);
let server: Server;
let connections = 0;
let port = 0;

const shell = (command: string, extra: Record<string, unknown> = {}): Plan => ({
  groups: ['shell'],
  calls: [{ name: 'execute_command', arguments: { command, ...extra } }],
  answer: (results) => results.join(' | '),
});
const gitCall = (name: string, args: Record<string, unknown>): Plan => ({ groups: ['git'], calls: [{ name, arguments: args }], answer: (results) => results.join(' | ') });

function planFor(text: string): Plan {
  if (text.startsWith('sh: ')) return shell(text.slice(4));
  if (text.startsWith('sh-timeout: ')) return shell(text.slice(12), { timeout_ms: 1000 });
  if (text === 'git status') return gitCall('git_status', {});
  // The model pushes on its own: the user's words do not ask for a push.
  if (text === 'tidy the todo list') return gitCall('git_push', { remote: 'origin', branch: 'main' });
  if (text === 'git push feature') return gitCall('git_push', { remote: 'origin', branch: 'feature/notes' });
  return { answer: () => `You said: ${text}` };
}

interface Turn {
  readonly started: EventLine | undefined;
  readonly verdict: EventLine | undefined;
  readonly completed: EventLine;
}

async function send(parapet: RunningParapet, text: string): Promise<Turn> {
  const result = await parapet.cli(['send', '--json', text]);
  expect(result.code, result.stderr).toBe(0);
  const stream = jsonLines<EventLine>(result.stdout);
  const completed = stream.find((e) => e.type === 'action_completed');
  if (!completed) throw new Error(`no action completed: ${result.stdout}`);
  return { started: stream.find((e) => e.type === 'action_started'), verdict: stream.find((e) => e.type === 'shield_verdict'), completed };
}

/** Command lines of every process on this machine that mentions `marker`. */
function processesMentioning(marker: string): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/u.test(name))
    .flatMap((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return cmdline.includes(marker) ? [cmdline] : [];
      } catch {
        return [];
      }
    });
}

let model: ScriptedModel;
let normal: RunningParapet;
let permissive: RunningParapet;

beforeAll(async () => {
  writeFileSync(join(outsideDir, 'notes.txt'), 'OUTSIDE CONTENT\n');
  server = createServer((_request, response) => response.end('reached'));
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  model = await startScriptedModel({ respond: plannedModel(planFor) });
  [normal, permissive] = await Promise.all([
    // Approvals off: an escalation is refused at once ("with no human" below).
    startParapet({ llmUrl: model.url, config: 'shield:\n  approvals:\n    enabled: false\n' }),
    startParapet({ llmUrl: model.url, ...withCommandsLetThrough() }),
  ]);
});

afterAll(async () => {
  await Promise.all([normal?.stop(), permissive?.stop()]);
  normal?.cleanup();
  permissive?.cleanup();
  await model?.close();
  await new Promise((resolve) => server.close(resolve));
  rmSync(outsideDir, { recursive: true, force: true });
});

describe('execute_command through the daemon', () => {
  it('lists in status the confinement layers every command runs under', async () => {
    const status = await normal.status();
    expect(status.commands.network).toBe(false);
    expect(status.commands.layers).toEqual(
      expect.arrayContaining(['network namespace (no network)', 'pid namespace per command', 'no capabilities (empty bounding set, no_new_privs)']),
    );
    const human = await normal.cli(['status']);
    expect(human.stdout).toMatch(/commands +mount namespace .*pid namespace per command.* · network off/u);
  });

  it('runs an allowed command in the workspace and audits it', async () => {
    writeFileSync(join(normal.workspace, 'notes.txt'), 'buy milk\n');
    const { verdict, completed } = await send(normal, 'sh: ls -la && wc -l notes.txt');
    expect(verdict).toMatchObject({ decision: 'ALLOW' });
    expect(completed).toMatchObject({ isError: false, toolName: 'execute_command' });
    expect(String(completed.output)).toMatch(/notes\.txt[\s\S]*1 notes\.txt\n\[exit code 0\]$/u);
    const db = new Database(join(normal.home, 'parapet.db'), { readonly: true, fileMustExist: true });
    try {
      const kinds = db.prepare('SELECT kind FROM audit WHERE action_id = ? ORDER BY seq').all(verdict?.actionId).map((r) => (r as { kind: string }).kind);
      expect(kinds).toEqual(['PROPOSED', 'EVALUATED', 'EXECUTED']);
    } finally {
      db.close();
    }
  });

  it('cannot read, write or reach anything outside the workspace, even when the policy lets the command through', async () => {
    symlinkSync(outsideDir, join(permissive.workspace, 'escape'));
    // In a script, so the Shield sees only `bash probe.sh`: what stops the probes is the confinement alone.
    const probes = [
      'cat /etc/hostname',
      `touch ${hostTmpMarker}`,
      'cat escape/notes.txt',
      'echo planted > escape/planted.txt',
      'cd / && ls',
      `curl -sS -m 3 http://127.0.0.1:${port}/ || echo curl-failed`,
    ];
    writeFileSync(join(permissive.workspace, 'probe.sh'), `${probes.join('\n')}\n`);
    const before = readdirSync(outsideDir);
    const { verdict, completed } = await send(permissive, 'sh: bash probe.sh');
    expect(verdict).toMatchObject({ decision: 'ALLOW', tier: 0 });
    const output = String(completed.output);
    expect(output).toContain('cat: /etc/hostname: No such file or directory');
    expect(output).toContain('cat: escape/notes.txt: No such file or directory');
    expect(output).toContain('escape/planted.txt: No such file or directory');
    expect(output).not.toContain('OUTSIDE CONTENT');
    expect(output).toContain('curl-failed');
    expect(output).not.toContain('reached');
    expect(output.split('\n')).toEqual(expect.arrayContaining(['workspace', 'usr', 'tmp']));
    expect(existsSync(hostTmpMarker)).toBe(false);
    expect(readdirSync(outsideDir)).toEqual(before);
    expect(readFileSync(join(outsideDir, 'notes.txt'), 'utf8')).toBe('OUTSIDE CONTENT\n');
    expect(connections).toBe(0);
  });

  it('gives the command none of the engine environment (no PARAPET_* variables, no model key)', async () => {
    const { verdict, completed } = await send(permissive, 'sh: env');
    expect(verdict).toMatchObject({ decision: 'ALLOW' });
    const output = String(completed.output);
    const names = output.split('\n').filter((line) => line.includes('=')).map((line) => line.slice(0, line.indexOf('=')));
    expect(names.sort()).toEqual(['HOME', 'LANG', 'PATH', 'PWD', 'SHLVL', 'TERM', '_']);
    expect(output).not.toMatch(/PARAPET|sk-test-key/u);
  });

  it('kills at the timeout a background child the command left running, even one in its own session', async () => {
    writeFileSync(join(permissive.workspace, 'background.sh'), 'setsid sleep 986.101 &\nsleep 986.102 &\necho started\nwait\n');
    const { completed } = await send(permissive, 'sh-timeout: bash background.sh');
    expect(completed).toMatchObject({ isError: true, errorCode: 'EXECUTION_TIMEOUT' });
    expect(String(completed.output)).toContain('timed out after 1000 ms');
    expect(processesMentioning('986.10')).toEqual([]);
  });
});

describe('git tools through the daemon', () => {
  beforeAll(() => {
    const git = (...args: string[]): void => void execFileSync('git', ['-C', normal.workspace, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'ignore' });
    writeFileSync(join(normal.workspace, 'todo.txt'), 'buy milk\n');
    execFileSync('git', ['init', '-q', '--bare', join(normal.workspace, 'remote.git')]);
    git('init', '-q', '-b', 'main');
    git('add', 'todo.txt');
    git('commit', '-q', '-m', 'first');
    git('remote', 'add', 'origin', join(normal.workspace, 'remote.git'));
    git('branch', 'feature/notes');
  });

  it('allows git status under the default policy', async () => {
    writeFileSync(join(normal.workspace, 'todo.txt'), 'buy milk and bread\n');
    const { started, verdict, completed } = await send(normal, 'git status');
    expect(started).toMatchObject({ toolName: 'git_status', actionType: 'git_status' });
    expect(verdict).toMatchObject({ decision: 'ALLOW' });
    expect(completed).toMatchObject({ isError: false });
    expect(String(completed.output)).toMatch(/On branch main[\s\S]*modified:\s+todo\.txt[\s\S]*\[exit code 0\]$/u);
  });

  it('escalates a push straight to main the user did not ask for; with no human it is refused and the remote is untouched', async () => {
    const { started, verdict, completed } = await send(normal, 'tidy the todo list');
    expect(started).toMatchObject({ toolName: 'git_push', actionType: 'git_push' });
    expect(verdict).toMatchObject({ decision: 'ESCALATE' });
    expect(completed).toMatchObject({ isError: true, errorCode: 'SHIELD_ESCALATED' });
    const refs = execFileSync('git', ['-C', join(normal.workspace, 'remote.git'), 'for-each-ref'], { encoding: 'utf8' });
    expect(refs).toBe('');
  });

  it('allows a push of a feature branch to a configured remote: the Shield lets it run', async () => {
    const { started, verdict, completed } = await send(normal, 'git push feature');
    expect(started).toMatchObject({ toolName: 'git_push', actionType: 'git_push' });
    expect(verdict).toMatchObject({ decision: 'ALLOW', tier: 1 });
    expect(completed).toMatchObject({ isError: false });
    expect(String(completed.output)).toMatch(/\[exit code \d+\]$/u);
  });
});
