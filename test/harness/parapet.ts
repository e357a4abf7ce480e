import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const cliBin = join(repoRoot, 'packages/cli/bin/parapet.js');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunningParapet {
  readonly home: string;
  readonly workspace: string;
  readonly manager: ChildProcess;
  /** Everything `parapet start` printed so far (stdout and stderr). */
  managerOutput(): string;
  /** Runs `parapet ARGS` against this instance, as a user would from a second terminal. */
  cli(args: readonly string[], options?: { timeoutMs?: number }): Promise<CliResult>;
  /** Starts `parapet ARGS` without waiting, for streams that a test interrupts (or types into, with `stdin: 'pipe'`). */
  spawnCli(args: readonly string[], options?: { stdin?: 'pipe' | 'ignore' }): ChildProcess;
  status(): Promise<StatusJson>;
  /** Everything `parapet start` printed so far: the engine's log lines among it. */
  logs(): string;
  /** Resolves once what `parapet start` prints from now on holds `line` (set up before causing it). */
  printed(what: string, line: RegExp): Promise<void>;
  stop(): Promise<void>;
  /** Removes the temporary home (call after stop). */
  cleanup(): void;
}

export interface StatusJson {
  engine: { pid: number };
  agent: { pid: number; ready: boolean; restarts: number; state: string; degraded: boolean; nextRestartMs: number };
  executor: { pid: number; ready: boolean; restarts: number; lastError: string };
  sandbox: { mode: string; permissionModel: boolean; networkNamespace: boolean; emptyEnvironment: boolean; executorConfined: boolean; missing: string[]; canaries: { probe: string; succeeded: boolean }[] };
  model: { baseUrl: string; model: string; demo: boolean };
  shield: { policy: string; tiers: { tier: number; name: string; available: boolean; detail: string }[] };
  commands: { layers: string[]; network: boolean };
  telegram: { state: string; detail: string; botUsername: string; lastUpdateAt: string; allowedUsers: number; pollFailures: number; lastFailure: string };
}

export interface StartOptions {
  /** Base URL of an OpenAI-compatible server; absent means demo mode. */
  readonly llmUrl?: string;
  readonly extraArgs?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Extra config.yaml sections (YAML text), written before the start. */
  readonly config?: string;
  /** Runs on the new home before the start (to leave files there as a user or a crash would). */
  readonly prepareHome?: (home: string) => void;
}

function childEnv(home: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, PARAPET_HOME: home, ...extra };
  return env;
}

/** A CLI child's exit code and output once it exits; killed (and the promise rejected) after `timeoutMs`. */
export function collect(child: ChildProcess, timeoutMs = 5 * 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`parapet did not finish in ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** The line `parapet start` prints once the engine serves clients and its agent is ready. */
export const ENGINE_READY_LINE = /^parapet: engine ready \(pid \d+\)/m;

/**
 * Resolves once what `child` prints (stdout and stderr) from this call on holds `line`; rejects if
 * it exits first. Waits on the process's own report rather than polling it; `timeoutMs` only
 * bounds a hang, and the error then shows what it printed.
 */
export function untilPrinted(child: ChildProcess, what: string, line: RegExp, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let printed = '';
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer): void => {
      printed += chunk.toString();
      if (line.test(printed)) finish();
    };
    const onExit = (code: number | null, signal: string | null): void =>
      finish(new Error(`exited (${code ?? signal}) before ${what}; it printed:\n${printed}`));
    const timer = setTimeout(() => finish(new Error(`timed out waiting for ${what}; it printed:\n${printed}`)), timeoutMs);
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', onExit);
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

/** Starts the real product (`parapet start`: process manager → engine → sandboxed agent). */
export async function startParapet(options: StartOptions = {}): Promise<RunningParapet> {
  const home = mkdtempSync(join(tmpdir(), 'parapet-e2e-'));
  const workspace = join(home, 'workspace');
  mkdirSync(workspace, { recursive: true });
  const llm = options.llmUrl
    ? `llm:\n  base_url: ${options.llmUrl}\n  model: scripted-test-model\n  api_key_env: PARAPET_TEST_API_KEY\nworkspace: ${workspace}\n`
    : '';
  if (llm || options.config) writeFileSync(join(home, 'config.yaml'), `${llm}${options.config ?? ''}`);
  options.prepareHome?.(home);
  const env = childEnv(home, { PARAPET_TEST_API_KEY: 'sk-test-key-never-shown', ...options.env });
  const manager = spawn(process.execPath, [cliBin, 'start', '--workspace', workspace, ...(options.extraArgs ?? [])], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let managerOutput = '';
  manager.stdout?.on('data', (chunk: Buffer) => (managerOutput += chunk.toString()));
  manager.stderr?.on('data', (chunk: Buffer) => (managerOutput += chunk.toString()));
  const ready = untilPrinted(manager, 'the engine and a ready agent', ENGINE_READY_LINE);

  const cli = (args: readonly string[], opts: { timeoutMs?: number } = {}): Promise<CliResult> =>
    collect(spawn(process.execPath, [cliBin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] }), opts.timeoutMs ?? 30_000);

  const status = async (): Promise<StatusJson> => {
    const result = await cli(['status', '--json']);
    if (result.code !== 0) throw new Error(`status failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as StatusJson;
  };

  // Its ready line, not a poll of `status`: each poll is a CLI process competing with the start.
  try {
    await ready;
  } catch (error) {
    manager.kill('SIGKILL');
    throw new Error(`parapet start: ${(error as Error).message}`, { cause: error });
  }

  return {
    home,
    workspace,
    manager,
    managerOutput: () => managerOutput,
    cli,
    spawnCli: (args, opts = {}) => spawn(process.execPath, [cliBin, ...args], { env, stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe'] }),
    status,
    logs: () => managerOutput,
    printed: (what, line) => untilPrinted(manager, what, line),
    async stop() {
      if (manager.exitCode !== null || manager.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => manager.once('exit', () => resolve()));
      manager.kill('SIGTERM');
      const timer = setTimeout(() => manager.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    cleanup() {
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Parses `--json` output: one JSON object per line. */
export function jsonLines<T = Record<string, unknown>>(stdout: string): T[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** True while a process with this pid exists (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * For a test file whose tests each start their own instance: the returned function starts one, and
 * every instance started during a test is stopped and removed after it.
 */
export function startedPerTest(defaults: StartOptions = {}): (options?: StartOptions) => Promise<RunningParapet> {
  const running: RunningParapet[] = [];
  afterEach(async () => {
    for (const parapet of running.splice(0)) {
      await parapet.stop();
      parapet.cleanup();
    }
  });
  return async (options = defaults) => {
    const parapet = await startParapet(options);
    running.push(parapet);
    return parapet;
  };
}

/** `parapet start --demo` on HOME until it exits: for starts that are refused before an agent is ready. */
export function runStartUntilExit(home: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin, 'start', '--demo'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PARAPET_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
