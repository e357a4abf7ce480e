import { InvalidArgumentError, type Command } from 'commander';
import { runningOwner } from '@parapet/engine/client';
import { homeFor, type CommandContext } from '../context.js';
import { waitForExit } from '../home-lifecycle.js';

export function positiveSeconds(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive number of seconds');
  return Number(value);
}

export function registerStop(program: Command, context: CommandContext): void {
  program
    .command('stop')
    .description('stop the parapet running on this home; exit 0 when stopped or none was running, 1 when it did not stop in time')
    .option('--timeout <seconds>', 'how long to wait for it to exit', positiveSeconds, 30)
    .action(async (options: { timeout: number }, command: Command) => {
      const { io } = context;
      const paths = homeFor(context, command);
      const owner = runningOwner(paths.home);
      if (!owner) {
        io.stdout.write(`parapet: not running for ${paths.home}\n`);
        return;
      }
      try {
        process.kill(owner.pid, 'SIGTERM');
      } catch {
        // It exited between the check and the signal.
      }
      if (!(await waitForExit(owner, options.timeout * 1000))) {
        io.stderr.write(`parapet: pid ${owner.pid} did not stop within ${options.timeout} s\n`);
        context.exitCode = 1;
        return;
      }
      io.stdout.write(`parapet: stopped (pid ${owner.pid}) for ${paths.home}\n`);
    });
}
