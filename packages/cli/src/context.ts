import type { Command } from 'commander';
import { assertUsableHome } from './home-check.js';
import { connectEngine, type EngineClient } from './client.js';
import type { CliIo } from './io.js';
import { homePaths, resolveCliHome, type HomePaths } from './paths.js';

/** What every command gets: the process it runs in and a place to put its exit code. */
export interface CommandContext {
  readonly io: CliIo;
  exitCode: number;
}

/** The paths under the home chosen by the global `--home` option (or PARAPET_HOME), whatever is there. */
export function homeToDiagnose(context: CommandContext, command: Command): HomePaths {
  const { home } = command.optsWithGlobals<{ home?: string }>();
  return homePaths(resolveCliHome(home, context.io.env, context.io.cwd));
}

/** The same, refused at once when it names a file or a place that cannot be a folder: no command waits on it. */
export function homeFor(context: CommandContext, command: Command): HomePaths {
  const paths = homeToDiagnose(context, command);
  assertUsableHome(paths.home);
  return paths;
}

/** Runs `use` with a connected client and always closes it, so the process can exit. */
export async function withEngine<T>(paths: HomePaths, use: (client: EngineClient) => Promise<T>): Promise<T> {
  const client = await connectEngine({ socketPath: paths.socketPath, tokenPath: paths.tokenPath });
  try {
    return await use(client);
  } finally {
    client.close();
  }
}

/** Colour only on a terminal, and never with NO_COLOR (any value) or `--no-color`. */
export function colorFor(context: CommandContext, command: Command): boolean {
  const { color } = command.optsWithGlobals<{ color?: boolean }>();
  const noColor = context.io.env['NO_COLOR'];
  return color !== false && (noColor === undefined || noColor === '') && context.io.stdout.isTTY === true;
}
