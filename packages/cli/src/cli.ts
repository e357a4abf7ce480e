import { CommanderError } from 'commander';
import { ParapetError } from '@parapet/wire';
import type { CommandContext } from './context.js';
import type { CliIo } from './io.js';
import { buildProgram } from './program.js';

/** Runs one `parapet …` invocation; returns the exit code. Errors become one line, never a stack. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const context: CommandContext = { io, exitCode: 0 };
  try {
    await buildProgram(context).parseAsync([...argv], { from: 'user' });
    return context.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const message = error instanceof ParapetError || error instanceof Error ? error.message : String(error);
    io.stderr.write(`parapet: ${message.split('\n')[0] ?? message}\n`);
    return 1;
  }
}
