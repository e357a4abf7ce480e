import { CommanderError } from 'commander';
import { ParapetError } from '@parapet/wire';
import type { CommandContext } from './context.js';
import type { CliIo } from './io.js';
import { errnoSentence } from './fs-errors.js';
import { buildProgram } from './program.js';

const SYSCALL_VERBS: Readonly<Record<string, string>> = { open: 'open', mkdir: 'create', write: 'write', unlink: 'remove', rename: 'replace', rmdir: 'remove', scandir: 'list' };

/** A raw errno error (`EACCES: permission denied, open '…'`) as a sentence naming the path and what to check. */
function errnoMessage(error: unknown): string {
  const errno = error as NodeJS.ErrnoException;
  if (error instanceof Error && typeof errno.code === 'string' && typeof errno.path === 'string') {
    return `cannot ${SYSCALL_VERBS[errno.syscall ?? ''] ?? 'use'} ${errno.path}: ${errnoSentence(error)}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Runs one `parapet …` invocation; returns the exit code. Errors become one line, never a stack. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const context: CommandContext = { io, exitCode: 0 };
  try {
    await buildProgram(context).parseAsync([...argv], { from: 'user' });
    return context.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const message = error instanceof ParapetError ? error.message : errnoMessage(error);
    io.stderr.write(`parapet: ${message.split('\n')[0] ?? message}\n`);
    return 1;
  }
}
