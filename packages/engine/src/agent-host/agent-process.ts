import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { LaunchPlan } from './sandbox-launch.js';
import type { Logger } from '../logging/port.js';

export interface AgentExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all. */
  error?: string;
}

export interface AgentProcess {
  readonly pid: number;
  readonly exited: Promise<AgentExit>;
  readonly hasExited: boolean;
  kill(signal?: NodeJS.Signals): void;
}

const MAX_LOGGED_LINE = 2000;

/**
 * Starts the agent per its launch plan and hands it the spawn token on stdin (never in argv or env,
 * where `ps` and /proc would show it); stdin then stays open as the agent's lifeline. Its stdout/stderr lines go to the engine log.
 */
export function spawnAgentProcess(plan: LaunchPlan, token: string, logger: Logger): AgentProcess {
  const child = spawn(plan.command, plan.args, { env: plan.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let hasExited = false;
  const exited = new Promise<AgentExit>((resolve) => {
    child.once('error', (error) => {
      hasExited = true;
      resolve({ code: null, signal: null, error: error.message });
    });
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolve({ code, signal });
    });
  });
  child.stdin.on('error', () => undefined);
  // Written, never ended: the agent exits when this pipe closes, i.e. when the engine dies.
  child.stdin.write(`${token}\n`);
  const pid = child.pid ?? 0;
  for (const [stream, level] of [
    [child.stdout, 'info'],
    [child.stderr, 'warn'],
  ] as const) {
    createInterface({ input: stream }).on('line', (line) => {
      logger[level]({ agentPid: pid, line: line.slice(0, MAX_LOGGED_LINE) }, 'agent output');
    });
  }
  return {
    pid,
    exited,
    get hasExited() {
      return hasExited;
    },
    kill(signal = 'SIGKILL') {
      if (!hasExited) child.kill(signal);
    },
  };
}
