import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { ExecutionError } from './errors.js';

/** One command for the server: program and arguments, never a shell string. */
export interface ServedCommand {
  readonly argv: readonly [string, ...string[]];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Files bind-mounted read-only for this command alone. */
  readonly readOnlyFiles: readonly string[];
}

export interface CommandEnd {
  /** Exit code, or null when a signal ended it. */
  readonly exitCode: number | null;
  readonly signal: string | null;
}

export interface StartedCommand {
  /** Settles once the command and everything it started are gone; rejects when it never started. */
  readonly ended: Promise<CommandEnd>;
  /** Kills the command and everything in its pid namespace. */
  kill(): void;
}

/**
 * The long-lived command server of the confined executor (native/command-server.c, run as
 * `confine-command --serve`): each command is confined as by the one-shot launcher, for the cost of
 * one clone of a small process instead of a spawn from Node followed by the launcher's exec.
 */
export interface CommandServer {
  start(command: ServedCommand, onOutput: (chunk: Buffer) => void): StartedCommand;
  /** Stops the server; it kills every command still running. */
  close(): void;
}

interface Pending {
  readonly onOutput: (chunk: Buffer) => void;
  readonly resolve: (end: CommandEnd) => void;
  readonly reject: (error: Error) => void;
}

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name]));

function frame(body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length);
  return Buffer.concat([length, body]);
}

function header(type: 'R' | 'K', id: number): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(id, 1);
  return head;
}

/** The run request; a NUL inside any string could not reach the program intact, so it is refused. */
function runRequest(id: number, command: ServedCommand): Buffer {
  const env = Object.entries(command.env).map(([name, value]) => `${name}=${value}`);
  const strings = [command.cwd, String(command.readOnlyFiles.length), ...command.readOnlyFiles, String(env.length), ...env, String(command.argv.length), ...command.argv];
  if (strings.some((text) => text.includes('\0'))) throw new ExecutionError(`could not start ${command.argv[0]}: an argument or variable holds a NUL character`);
  return frame(Buffer.concat([header('R', id), ...strings.map((text) => Buffer.from(`${text}\0`, 'utf8'))]));
}

/** Starts the server on first use and again after it died; a death fails the commands it was running. */
export function createCommandServer(launcher: string): CommandServer {
  let server: ChildProcessByStdio<Writable, Readable, null> | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const handle = (type: string, id: number, data: Buffer): void => {
    const command = pending.get(id);
    if (!command) return;
    if (type === 'O') {
      command.onOutput(data);
      return;
    }
    pending.delete(id);
    if (type === 'X') {
      const code = data.readInt32LE(0);
      command.resolve(code >= 0 ? { exitCode: code, signal: null } : { exitCode: null, signal: SIGNAL_NAMES.get(-code) ?? `signal ${-code}` });
    } else {
      command.reject(new ExecutionError(`could not start the command: ${data.toString('utf8')}`));
    }
  };

  const launch = (): ChildProcessByStdio<Writable, Readable, null> => {
    const child = spawn(launcher, ['--serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let held: Buffer = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      held = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
      let used = 0;
      while (held.length - used >= 4) {
        const size = held.readUInt32LE(used);
        if (held.length - used - 4 < size) break;
        const body = held.subarray(used + 4, used + 4 + size);
        handle(String.fromCharCode(body[0] ?? 0), body.readUInt32LE(1), body.subarray(5));
        used += 4 + size;
      }
      held = held.subarray(used);
    });
    // A write after the server died fails here; its exit, reported next, fails the commands.
    child.stdin.on('error', () => undefined);
    const failAll = (why: string): void => {
      if (server === child) server = undefined;
      for (const [id, command] of pending) {
        pending.delete(id);
        command.reject(new ExecutionError(`the command server stopped (${why}); the command was killed with it`));
      }
    };
    child.once('error', (error) => failAll(error.message));
    child.once('exit', (code, signal) => failAll(signal ?? `exit code ${code ?? 'unknown'}`));
    return child;
  };

  return {
    start(command, onOutput) {
      const id = nextId;
      nextId = nextId >= 0xffff_ffff ? 1 : nextId + 1;
      let request: Buffer;
      try {
        request = runRequest(id, command);
      } catch (error) {
        return { ended: Promise.reject(error as Error), kill: () => undefined };
      }
      const ended = new Promise<CommandEnd>((resolve, reject) => pending.set(id, { onOutput, resolve, reject }));
      server ??= launch();
      const target = server;
      target.stdin.write(request);
      return {
        ended,
        kill() {
          if (pending.has(id) && server === target) target.stdin.write(frame(header('K', id)));
        },
      };
    },
    close() {
      server?.stdin.end();
      server = undefined;
    },
  };
}
