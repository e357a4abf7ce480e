import { spawn } from 'node:child_process';
import type { CommandEnd, CommandServer, StartedCommand } from './command-server.js';
import { ExecutionError } from './errors.js';

/** What a command sees of the world's configuration: nothing of the engine's own environment. */
export function commandEnvironment(home: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  return { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', TERM: 'dumb', ...extra };
}

export interface CommandSpec {
  /** The tool, for messages. */
  readonly label: string;
  /** Program and its arguments: never a shell string (a shell is spawned only when it is the program). */
  readonly argv: readonly [string, ...string[]];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly signal: AbortSignal;
  /**
   * The confined executor's command server (native/command-server.c): the command runs as the
   * first process of its own pid namespace, without capabilities, so when it exits or is killed the
   * kernel kills every process it left behind, even one that left its process group. Absent: run as is.
   */
  readonly server?: CommandServer;
  /**
   * Files made read-only for this command alone (a bind mount over each, in its own mount
   * namespace); only with the server. A mount that fails stops the command before it starts.
   */
  readonly readOnlyFiles?: readonly string[];
}

export interface CommandOutcome {
  /** Exit code, or null when a signal ended it. */
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** stdout and stderr interleaved as they arrived, cut at the cap. */
  readonly output: string;
  /** Bytes beyond the cap that were dropped. */
  readonly droppedBytes: number;
}

/**
 * How long output may still arrive after the command exited. A process that escaped its group
 * (only possible without the pid namespace) could hold the pipes open forever; it is not waited for.
 */
const PIPE_GRACE_MS = 250;

/** Without the server (weak mode): a spawn in its own process group, the group killed when it exits. */
function spawnInGroup(spec: CommandSpec, onOutput: (chunk: Buffer) => void): StartedCommand {
  const [file, ...args] = spec.argv;
  const child = spawn(file, args, { cwd: spec.cwd, env: { ...spec.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const killGroup = (): void => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is already gone
    }
  };
  const ended = new Promise<CommandEnd>((resolve, reject) => {
    let pipeTimer: NodeJS.Timeout | undefined;
    // A child that keeps the pipes open after the command exited is killed with its group.
    child.once('exit', () => {
      killGroup();
      pipeTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, PIPE_GRACE_MS);
    });
    child.once('error', (error) => reject(new ExecutionError(`could not start ${spec.argv[0]}: ${error.message}`)));
    child.once('close', (exitCode, signal) => {
      clearTimeout(pipeTimer);
      resolve({ exitCode, signal });
    });
  });
  return { ended, kill: killGroup };
}

/**
 * Runs one command with no terminal and stdin at EOF, in its own process group, collecting its
 * output up to the cap. At the deadline (or on abort) the whole group is killed; when the command
 * exits, whatever is left of its group is killed too, so nothing it started outlives it.
 */
export async function runCommand(spec: CommandSpec): Promise<CommandOutcome> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let dropped = 0;
  const collect = (chunk: Buffer): void => {
    const room = spec.maxOutputBytes - kept;
    if (room > 0) {
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(part);
      kept += part.length;
    }
    dropped += Math.max(0, chunk.length - Math.max(0, room));
  };
  const started = spec.server
    ? spec.server.start({ argv: spec.argv, cwd: spec.cwd, env: spec.env, readOnlyFiles: spec.readOnlyFiles ?? [] }, collect)
    : spawnInGroup(spec, collect);
  let timedOut = false;
  const stop = (): void => {
    timedOut = true;
    started.kill();
  };
  const timer = setTimeout(stop, spec.timeoutMs);
  spec.signal.addEventListener('abort', stop, { once: true });
  let end: CommandEnd;
  try {
    end = await started.ended;
  } catch (error) {
    throw new ExecutionError(`${spec.label}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
    spec.signal.removeEventListener('abort', stop);
  }
  if (timedOut) throw new ExecutionError(`${spec.label}: timed out after ${spec.timeoutMs} ms; the command and everything it started were killed`, 'EXECUTION_TIMEOUT');
  return { ...end, output: Buffer.concat(chunks).toString('utf8').replace(/\uFFFD+$/u, ''), droppedBytes: dropped };
}

/** The outcome as the model reads it: the output, a truncation marker, and how it ended. */
export function describeOutcome(outcome: CommandOutcome): string {
  const lines: string[] = [];
  if (outcome.output !== '') lines.push(outcome.output.replace(/\n$/u, ''));
  if (outcome.droppedBytes > 0) lines.push(`[truncated: ${outcome.droppedBytes} more bytes of output were dropped]`);
  lines.push(outcome.signal ? `[killed by ${outcome.signal}]` : `[exit code ${outcome.exitCode ?? 'unknown'}]`);
  return lines.join('\n');
}
