import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface RestartPolicy {
  /** Crashes older than this no longer lengthen the delay. */
  readonly windowMs: number;
  /** First delay; doubles with every crash in the window, capped at `maxDelayMs`. There is no last restart. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { windowMs: 60_000, baseDelayMs: 500, maxDelayMs: 8_000 };

export type SupervisorEvent =
  | { readonly type: 'spawned'; readonly pid: number }
  | { readonly type: 'ready'; readonly pid: number; readonly info: Readonly<Record<string, unknown>> }
  | { readonly type: 'output'; readonly line: string }
  | { readonly type: 'crashed'; readonly code: number | null; readonly signal: string | null; readonly restartInMs: number; readonly restart: number; readonly crashesInWindow: number }
  | { readonly type: 'forced'; readonly pid: number }
  | { readonly type: 'restarting'; readonly pid: number };

export type SupervisorResult =
  | { readonly reason: 'stopped'; readonly exitCode: number }
  | { readonly reason: 'exited'; readonly exitCode: number }
  | { readonly reason: 'failed-to-start'; readonly exitCode: number; readonly detail: string };

export interface SupervisorOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly restart?: RestartPolicy;
  /** After a forwarded signal, how long the engine gets to shut down before SIGKILL. */
  readonly shutdownTimeoutMs?: number;
  /** Runs after every engine exit, before a restart and before `done` settles: removes what a dead engine left. */
  readonly afterExit?: () => void;
  readonly report: (event: SupervisorEvent) => void;
}

export interface Supervisor {
  readonly done: Promise<SupervisorResult>;
  /** Forwards `signal`; a second call (or the timeout) kills the engine's process group. */
  stop(signal: NodeJS.Signals): void;
  /** Stops the engine (SIGTERM, then the timeout's SIGKILL) and starts a fresh one at once: config is read again. */
  restart(): void;
}

/** The engine announces it listens with one JSON line `{"event":"ready",...}` on stdout. */
function readyInfo(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    const record = parsed as Record<string, unknown>;
    return typeof parsed === 'object' && parsed !== null && record['event'] === 'ready' ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the engine and keeps it running: restarts it with capped backoff whenever it crashes after
 * having been ready (never giving up: a crash loop is reported, not abandoned), does not retry one
 * that never got ready (bad config would only loop), and forwards stop signals. The engine gets its
 * own process group so a terminal's Ctrl-C reaches it once, through us, and its stdin is a pipe we
 * hold open: when we die, however we die, it sees end-of-file and stops.
 */
export function superviseEngine(options: SupervisorOptions): Supervisor {
  const policy = options.restart ?? DEFAULT_RESTART_POLICY;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 10_000;
  const crashes: number[] = [];
  let restartCount = 0;
  let child: ChildProcess | undefined;
  let everReady = false;
  let stopping = false;
  let forced = false;
  let restarting = false;
  let pendingRestart: NodeJS.Timeout | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  let finish: (result: SupervisorResult) => void = () => {};
  const done = new Promise<SupervisorResult>((resolve) => (finish = resolve));

  const killGroup = (target: ChildProcess): void => {
    if (target.pid === undefined || target.exitCode !== null || target.signalCode !== null) return;
    forced = true;
    options.report({ type: 'forced', pid: target.pid });
    try {
      process.kill(-target.pid, 'SIGKILL');
    } catch {
      target.kill('SIGKILL');
    }
  };

  const onExit = (code: number | null, signal: NodeJS.Signals | null, readyThisRun: boolean): void => {
    child = undefined;
    clearTimeout(killTimer);
    options.afterExit?.();
    if (stopping) return finish({ reason: 'stopped', exitCode: forced ? 1 : (code ?? 0) });
    if (restarting) {
      // Asked for: not a crash, so no backoff and no crash count.
      restarting = false;
      forced = false;
      return start();
    }
    if (!readyThisRun && !everReady) {
      return finish({ reason: 'failed-to-start', exitCode: code || 1, detail: signal ? `killed by ${signal}` : `exit code ${code ?? 1}` });
    }
    if (code === 0 && signal === null) return finish({ reason: 'exited', exitCode: 0 });
    const now = Date.now();
    while (crashes.length > 0 && (crashes[0] ?? 0) <= now - policy.windowMs) crashes.shift();
    const delay = Math.min(policy.baseDelayMs * 2 ** crashes.length, policy.maxDelayMs);
    crashes.push(now);
    restartCount += 1;
    options.report({ type: 'crashed', code, signal, restartInMs: delay, restart: restartCount, crashesInWindow: crashes.length });
    pendingRestart = setTimeout(() => {
      pendingRestart = undefined;
      start();
    }, delay);
  };

  const start = (): void => {
    const spawned = spawn(options.command, [...options.args], {
      stdio: ['pipe', 'pipe', 'inherit'],
      detached: true,
      env: options.env ?? process.env,
    });
    child = spawned;
    spawned.stdin?.on('error', () => undefined);
    let readyThisRun = false;
    spawned.once('spawn', () => options.report({ type: 'spawned', pid: spawned.pid ?? 0 }));
    spawned.once('error', (error) => {
      // Only a failed spawn lands here without an exit event.
      if (spawned.pid === undefined) finish({ reason: 'failed-to-start', exitCode: 1, detail: error.message });
    });
    if (spawned.stdout) {
      createInterface({ input: spawned.stdout }).on('line', (line) => {
        const info = readyInfo(line);
        if (info) {
          readyThisRun = true;
          everReady = true;
          options.report({ type: 'ready', pid: spawned.pid ?? 0, info });
        } else {
          options.report({ type: 'output', line });
        }
      });
    }
    // 'close' rather than 'exit': every stdout line (the ready line included) has been read by then.
    spawned.once('close', (code, signal) => onExit(code, signal, readyThisRun));
  };

  const stop = (signal: NodeJS.Signals): void => {
    if (pendingRestart) {
      clearTimeout(pendingRestart);
      pendingRestart = undefined;
      stopping = true;
      finish({ reason: 'stopped', exitCode: 0 });
      return;
    }
    const running = child;
    if (!running) return;
    if (stopping) return killGroup(running);
    stopping = true;
    running.kill(signal);
    killTimer = setTimeout(() => killGroup(running), shutdownTimeoutMs);
  };

  const restart = (): void => {
    const running = child;
    if (stopping || restarting || !running || running.pid === undefined) return;
    restarting = true;
    options.report({ type: 'restarting', pid: running.pid });
    running.kill('SIGTERM');
    killTimer = setTimeout(() => killGroup(running), shutdownTimeoutMs);
  };

  start();
  return { done, stop, restart };
}
