import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ParapetError } from '@parapet/wire';
import { DEFAULT_RESTART, createRestartPolicy } from '../agent-host/restart-policy.js';
import { ExecutionError } from '../executors/errors.js';
import { inProcessExecutor } from '../executors/in-process.js';
import { createRedactor } from '../redact/index.js';
import { runsCommand, walksFolders } from '../executors/run.js';
import type { ExecutionRequest, ExecutorPort } from '../pipeline/types.js';
import { createCommandFence } from './command-fence.js';
import { confinedLaunchCommands, type LaunchCommand } from './confined-launch.js';
import { spawnExecutorProcess, type ExecutorProcess } from './executor-process.js';
import { fromJailText, toJailPayload, toJailPaths } from './path-mapping.js';
import { EGRESS_JAIL_DIR, EGRESS_SOCKET_NAME } from './protocol.js';
import type { ExecutorHostOptions, ExecutorStatus } from './types.js';

const DEFAULT_READY_TIMEOUT_MS = 10_000;
const DEFAULT_DEADLINE_GRACE_MS = 2000;
const SHUTDOWN_GRACE_MS = 2000;
export const EXECUTOR_LAYER = 'executor mount namespace';

type Phase = 'idle' | 'confined' | 'in-process' | 'stopped';

export interface ExecutorHost extends ExecutorPort {
  /**
   * Starts the confined executor and checks what it can see. Without a working mount namespace it
   * rejects SANDBOX_UNSAFE in strict mode and falls back to running actions in the engine in weak mode.
   */
  start(): Promise<void>;
  status(): ExecutorStatus;
  stop(): Promise<void>;
  /** Whether a guarded prompt file, found as `identity`, may be read into the system prompt now. */
  admitsPromptFile(name: string, identity: string): boolean;
}

/**
 * Owns the confined executor child: starts it, judges its confinement, sends it the vetted actions
 * with their paths in its view, enforces a deadline, and restarts it (capped backoff) when it dies.
 */
export function createExecutorHost(options: ExecutorHostOptions): ExecutorHost {
  const { logger, workspace } = options;
  const policy = createRestartPolicy(options.restart ?? DEFAULT_RESTART);
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  const graceMs = options.deadlineGraceMs ?? DEFAULT_DEADLINE_GRACE_MS;
  const rootMountPoint = path.join(options.runtimeDir, 'executor-root');
  const secrets = options.secrets ?? [];
  const redactor = createRedactor({ secrets });
  const inProcess = inProcessExecutor(workspace, (text) => redactor.redact(text));
  const fence = createCommandFence(workspace);
  let phase: Phase = 'idle';
  let command: LaunchCommand | undefined;
  let live: ExecutorProcess | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarts = 0;
  let lastError = '';

  /** Starts one child with `launch` and keeps it only if it sees the workspace and nothing outside. */
  async function launch(candidate: LaunchCommand): Promise<ExecutorProcess> {
    const init = { type: 'init' as const, outsideProbe: options.runtimeDir, secrets, ...(options.egress ? { egress: { socket: `${EGRESS_JAIL_DIR}/${EGRESS_SOCKET_NAME}`, token: options.egress.token } } : {}) };
    const child = spawnExecutorProcess(candidate, init, readyTimeoutMs, logger);
    try {
      const ready = await child.ready;
      if (!ready.workspaceVisible) throw new Error('the executor cannot see the workspace');
      if (ready.outsideVisible) throw new Error('the executor can see folders outside the workspace');
      return child;
    } catch (error) {
      child.kill();
      throw error;
    }
  }

  function adopt(child: ExecutorProcess): void {
    live = child;
    void child.exited.then((reason) => {
      if (live !== child) return;
      live = undefined;
      if (phase !== 'confined') return;
      lastError = `the executor exited (${reason})`;
      scheduleRestart();
    });
  }

  function scheduleRestart(): void {
    const decision = policy.next(Date.now());
    if (decision.degraded) {
      // Still retried, more slowly: an executor that keeps dying is shown, never given up on.
      lastError = `${lastError}; degraded: ${decision.deathsInWindow} deaths within the restart window, still restarting`;
      logger.error({ lastError, delayMs: decision.delayMs }, 'executor keeps dying; restarting with backoff');
    } else {
      logger.warn({ lastError, delayMs: decision.delayMs }, 'executor died; restarting');
    }
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (phase !== 'confined' || !command) return;
      launch(command).then(
        (child) => {
          if (phase !== 'confined') {
            child.kill();
            return;
          }
          restarts += 1;
          adopt(child);
          logger.info({ executorPid: child.pid }, 'executor restarted');
        },
        (error: unknown) => {
          lastError = `restart failed: ${error instanceof Error ? error.message : String(error)}`;
          scheduleRestart();
        },
      );
    }, decision.delayMs);
  }

  async function runConfined(child: ExecutorProcess, request: ExecutionRequest): Promise<string> {
    const message = {
      tool: request.tool,
      payload: toJailPayload(workspace, request.payload, request.pathFields),
      timeoutMs: request.timeoutMs,
      maxOutputBytes: request.maxOutputBytes,
      protectedPaths: toJailPaths(workspace, request.protectedPaths),
      // Finding the protected inodes takes a stat per protected path: only walkers need them.
      protectedInodes: walksFolders(request.tool) ? [...request.protectedInodes()] : [],
    };
    let timer: NodeJS.Timeout | undefined;
    // The child stops its own executors at timeoutMs; one that has not answered by then is wedged.
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        logger.error({ executorPid: child.pid, tool: request.tool }, 'executor missed its deadline; killing it');
        child.kill();
        reject(new ExecutionError(`${request.tool}: timed out after ${request.timeoutMs} ms`, 'EXECUTION_TIMEOUT'));
      }, request.timeoutMs + graceMs);
    });
    try {
      const result = await Promise.race([child.request(message), deadline]);
      if (result.ok) return result.output;
      if (result.internal) {
        logger.error({ tool: request.tool, err: fromJailText(workspace, result.message) }, 'executor crashed');
        throw new ExecutionError(`${request.tool}: internal error (see the engine log)`);
      }
      throw new ExecutionError(fromJailText(workspace, result.message), result.code);
    } finally {
      clearTimeout(timer);
    }
  }

  async function runAction(request: ExecutionRequest): Promise<string> {
    if (phase === 'in-process') return inProcess.execute(request);
    if (phase !== 'confined') throw new ExecutionError('the executor is not running');
    const child = live;
    if (!child) throw new ExecutionError(`the executor is not running (${lastError || 'restarting'}): nothing was done`);
    return runConfined(child, request);
  }

  return {
    async start() {
      if (phase !== 'idle') return;
      await mkdir(rootMountPoint, { recursive: true, mode: 0o700 });
      const launcherBuilt = await access(options.commandLauncher, constants.X_OK).then(
        () => true,
        () => false,
      );
      const candidates = launcherBuilt
        ? await confinedLaunchCommands(
            { bundle: options.bundle, commandLauncher: options.commandLauncher, workspace, rootMountPoint, ...(options.egress ? { egressDir: options.egress.dir } : {}) },
            ...(options.unshareCandidates ? [options.unshareCandidates] : []),
          )
        : [];
      const failures: string[] = !launcherBuilt
        ? [`the command launcher ${options.commandLauncher} is missing (\`npm run build\` compiles it)`]
        : candidates.length === 0
          ? ['unshare (util-linux) not found']
          : [];
      for (const candidate of candidates) {
        try {
          const child = await launch(candidate);
          if ((phase as Phase) === 'stopped') {
            child.kill();
            return;
          }
          command = candidate;
          phase = 'confined';
          adopt(child);
          logger.info({ executorPid: child.pid, variant: candidate.variant }, 'confined executor ready');
          return;
        } catch (error) {
          failures.push(`${candidate.variant}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const why = failures.join('; ');
      if (options.sandbox === 'strict') {
        throw new ParapetError(
          'SANDBOX_UNSAFE',
          `the ${EXECUTOR_LAYER} is unavailable (${why}): refusing to start. ` +
            '`parapet start --weak-sandbox` runs file actions in the engine process instead, where a folder ' +
            'swapped for a symlink during an action can lead it outside the workspace.',
        );
      }
      phase = 'in-process';
      lastError = why;
      logger.warn({ missing: EXECUTOR_LAYER, why }, 'WEAK SANDBOX: actions run in the engine process, not in a confined executor');
    },

    async execute(request) {
      if (!runsCommand(request.tool)) return runAction(request);
      const leave = fence.enter();
      let output: string;
      try {
        output = await runAction(request);
      } catch (error) {
        leave();
        throw error;
      }
      const notes = leave();
      return notes.length === 0 ? output : `${output}\n${notes.join('\n')}`;
    },

    admitsPromptFile(name, identity) {
      return fence.admits(name, identity);
    },

    status() {
      const confined = phase === 'confined';
      return {
        confined,
        pid: live?.pid ?? 0,
        ready: live !== undefined,
        restarts,
        lastError,
        missing: phase === 'in-process' ? [EXECUTOR_LAYER] : [],
        commandNetwork: confined && options.egress !== undefined,
      };
    },

    async stop() {
      phase = 'stopped';
      clearTimeout(restartTimer);
      const child = live;
      live = undefined;
      if (!child) return;
      child.close();
      const timer = setTimeout(() => child.kill(), SHUTDOWN_GRACE_MS);
      await child.exited;
      clearTimeout(timer);
    },
  };
}
