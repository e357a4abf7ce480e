import type { Command } from 'commander';
import { readHomeLock, runningOwner } from '@parapet/engine/client';
import { ParapetError } from '@parapet/wire';
import { connectEngine } from '../client.js';
import { homeFor, type CommandContext } from '../context.js';
import type { HomePaths } from '../paths.js';
import { RESTART_SIGNAL } from './start.js';
import { positiveSeconds } from './stop.js';

const POLL_MS = 200;

/** The pid of an engine that answers on the socket and differs from `previous`, once there is one. */
async function freshEnginePid(paths: HomePaths, previous: number | undefined): Promise<number | undefined> {
  const engine = readHomeLock(paths.home)?.engine;
  if (engine === undefined || engine.pid === previous) return undefined;
  try {
    const client = await connectEngine({ socketPath: paths.socketPath, tokenPath: paths.tokenPath, unaryTimeoutMs: 2_000 });
    try {
      const status = await client.status();
      return status.engine.pid === engine.pid && status.agent.ready ? engine.pid : undefined;
    } finally {
      client.close();
    }
  } catch {
    return undefined;
  }
}

export function registerRestart(program: Command, context: CommandContext): void {
  program
    .command('restart')
    .description('restart the engine of the running parapet (it reads config.yaml again) and wait until it is ready')
    .option('--timeout <seconds>', 'how long to wait for the new engine', positiveSeconds, 60)
    .action(async (options: { timeout: number }, command: Command) => {
      const paths = homeFor(context, command);
      const owner = runningOwner(paths.home);
      if (!owner) throw new ParapetError('ENGINE_UNAVAILABLE', `not running for ${paths.home}; start it with \`parapet start\``);
      const previous = readHomeLock(paths.home)?.engine?.pid;
      process.kill(owner.pid, RESTART_SIGNAL);
      const deadline = Date.now() + options.timeout * 1000;
      while (Date.now() < deadline) {
        const pid = await freshEnginePid(paths, previous);
        if (pid !== undefined) {
          context.io.stdout.write(`parapet: restarted; engine pid ${pid} (was ${previous ?? 'none'}) for ${paths.home}\n`);
          return;
        }
        if (!runningOwner(paths.home)) throw new ParapetError('ENGINE_UNAVAILABLE', `parapet stopped while restarting; see \`parapet logs\``);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      throw new ParapetError('ENGINE_UNAVAILABLE', `the engine was not ready again within ${options.timeout} s; see \`parapet logs\``);
    });
}
