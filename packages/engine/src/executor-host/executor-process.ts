import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ExecutionError } from '../executors/errors.js';
import type { ChildMessage, InitMessage, ReadyMessage, ResultMessage, RunMessage } from './protocol.js';
import type { LaunchCommand } from './confined-launch.js';
import type { Logger } from '../logging/port.js';

const MAX_LOGGED_LINE = 2000;

export interface ExecutorProcess {
  readonly pid: number;
  /** Resolves when the process is gone (never rejects). */
  readonly exited: Promise<string>;
  /** The child's answer to init, or a rejection when it died or stayed silent first. */
  readonly ready: Promise<ReadyMessage>;
  /** Sends one action; resolves with the child's result, rejects EXECUTION_FAILED if the child dies first. */
  request(message: Omit<RunMessage, 'type' | 'id'>): Promise<ResultMessage>;
  /** Closes its stdin: the child finishes and exits. */
  close(): void;
  kill(): void;
}

/**
 * One executor child speaking line-delimited JSON on its stdio, with an empty environment. Results
 * are matched to requests by id, so actions may overlap.
 */
export function spawnExecutorProcess(launch: LaunchCommand, init: InitMessage, readyTimeoutMs: number, logger: Logger): ExecutorProcess {
  const child = spawn(launch.command, [...launch.args], { env: {}, stdio: ['pipe', 'pipe', 'pipe'] });
  const pid = child.pid ?? 0;
  const pending = new Map<number, { resolve(result: ResultMessage): void; reject(error: ExecutionError): void }>();
  let nextId = 1;
  let gone: string | undefined;

  let onReady: (message: ReadyMessage) => void = () => undefined;
  let onNotReady: (reason: string) => void = () => undefined;
  const ready = new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => onNotReady(`no ready message within ${readyTimeoutMs} ms`), readyTimeoutMs);
    onReady = (message) => {
      clearTimeout(timer);
      resolve(message);
    };
    onNotReady = (reason) => {
      clearTimeout(timer);
      reject(new Error(reason));
    };
  });
  ready.catch(() => undefined);

  const exited = new Promise<string>((resolve) => {
    const finish = (reason: string): void => {
      if (gone !== undefined) return;
      gone = reason;
      onNotReady(`the executor exited before it was ready (${reason})`);
      for (const request of pending.values()) request.reject(new ExecutionError(`the executor process died during the action (${reason}); its outcome is unknown`));
      pending.clear();
      resolve(reason);
    };
    child.once('error', (error) => finish(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => finish(signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`));
  });

  child.stdin.on('error', () => undefined);
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message: ChildMessage;
    try {
      message = JSON.parse(line) as ChildMessage;
    } catch {
      logger.warn({ executorPid: pid, line: line.slice(0, MAX_LOGGED_LINE) }, 'executor output');
      return;
    }
    if (message.type === 'ready') onReady(message);
    else if (message.type === 'result') {
      const request = pending.get(message.id);
      pending.delete(message.id);
      request?.resolve(message);
    }
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    logger.warn({ executorPid: pid, line: line.slice(0, MAX_LOGGED_LINE) }, 'executor output');
  });
  child.stdin.write(`${JSON.stringify(init)}\n`);

  return {
    pid,
    exited,
    ready,
    request(message) {
      if (gone !== undefined) return Promise.reject(new ExecutionError(`the executor process is not running (${gone})`));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // Requests made in the same tick (calls run together) go to the child in one write.
        if (child.stdin.writableCorked === 0) {
          child.stdin.cork();
          process.nextTick(() => child.stdin.uncork());
        }
        child.stdin.write(`${JSON.stringify({ type: 'run', id, ...message } satisfies RunMessage)}\n`);
      });
    },
    close() {
      child.stdin.end();
    },
    kill() {
      if (gone === undefined) child.kill('SIGKILL');
    },
  };
}
