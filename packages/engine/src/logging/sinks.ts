import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pino, type DestinationStream } from 'pino';
import pinoRoll from 'pino-roll';
import { humanStream } from './human-stream.js';

export interface LogSinkOptions {
  /** `$PARAPET_HOME/logs`: created 0700 (records may name files and sessions). */
  readonly dir: string;
  /** A log file is rotated once it reaches this size. */
  readonly maxFileKb: number;
  /** Rotated files kept besides the current one. */
  readonly keepFiles: number;
  /** Where people read the log; default stderr. */
  readonly terminal?: NodeJS.WritableStream & { readonly isTTY?: boolean };
}

export interface LogSinks {
  readonly destination: DestinationStream;
  /** Writes out what is buffered for the file; call before the process exits. */
  flush(): void;
}

/** JSON lines to a rotating `engine.N.log` file for machines, human lines to the terminal for people. */
export async function openLogSinks(options: LogSinkOptions): Promise<LogSinks> {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  chmodSync(options.dir, 0o700);
  const file = await pinoRoll({
    file: join(options.dir, 'engine'),
    extension: '.log',
    size: `${options.maxFileKb}k`,
    limit: { count: options.keepFiles },
    mkdir: true,
  });
  // The logger's own level filters; each sink takes whatever passes it.
  const destination = pino.multistream([
    { level: 'trace', stream: file },
    { level: 'trace', stream: humanStream(options.terminal ?? process.stderr) },
  ]);
  return {
    destination,
    flush() {
      try {
        file.flushSync();
      } catch {
        // Nothing buffered, or the file is already closed.
      }
    },
  };
}
