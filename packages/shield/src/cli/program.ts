import { Command } from 'commander';
import { processIo, type CommandIo } from './commands.js';
import { defineEvalCommand, definePolicyCheckCommand, type ShieldCommandHost } from './define.js';

/**
 * `parapet-shield eval …` and `parapet-shield policy check FILE`. Actions set `exitCode` rather
 * than exiting, so the program can be mounted or tested in-process.
 */
export function createShieldProgram(io: CommandIo = processIo): { program: Command; exitCode: () => number } {
  let exitCode = 0;
  const program = new Command('parapet-shield')
    .description('Parapet Shield: evaluate agent actions, check policies, run the adversarial eval')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  const host: ShieldCommandHost = {
    io,
    // The process's own working folder is the user's: paths go through as typed.
    resolvePath: (path) => path,
    setExitCode: (code) => {
      exitCode = code;
    },
  };
  defineEvalCommand(program, host);
  definePolicyCheckCommand(program.command('policy').description('policy tools'), host);
  return { program, exitCode: () => exitCode };
}

/** Runs the program on `argv` (user args only) and returns the exit code. */
export async function runShieldCli(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  const { program, exitCode } = createShieldProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    const commanderError = error as { code?: string; exitCode?: number };
    if (typeof commanderError.exitCode === 'number') return commanderError.exitCode;
    throw error;
  }
  return exitCode();
}
