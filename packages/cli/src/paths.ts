import { join, resolve } from 'node:path';
import { canonicalPath, expandTilde, resolveHome } from '@parapet/engine/client';

export interface HomePaths {
  readonly home: string;
  readonly configPath: string;
  readonly dbPath: string;
  readonly socketPath: string;
  readonly agentSocketPath: string;
  readonly tokenPath: string;
}

/** `--home DIR` (relative to `cwd`), else `$PARAPET_HOME`, else `~/.parapet`; canonical. */
export function resolveCliHome(homeOption: string | undefined, env: Readonly<Record<string, string | undefined>>, cwd: string): string {
  return homeOption ? canonicalPath(resolve(cwd, expandTilde(homeOption))) : resolveHome(env);
}

/** Where the engine keeps what a client needs; the same layout as the engine's config paths. */
export function homePaths(home: string): HomePaths {
  return {
    home,
    configPath: join(home, 'config.yaml'),
    dbPath: join(home, 'parapet.db'),
    socketPath: join(home, 'run', 'engine.sock'),
    agentSocketPath: join(home, 'run', 'agent.sock'),
    tokenPath: join(home, 'run', 'client.token'),
  };
}
