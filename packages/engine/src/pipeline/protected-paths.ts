import { statSync } from 'node:fs';
import { canonicalPath } from '../config/paths.js';
import type { EngineConfig } from '../config/types.js';
import { grantsDir } from '../policy-grants/grants-file.js';

/** The engine's own state: never read, written or listed through a tool. */
export interface ProtectedPaths {
  /** Canonical absolute paths; a protected folder protects everything under it. */
  readonly paths: readonly string[];
  /** `dev:ino` of those that exist now (catches hard links); re-read per proposal. */
  inodes(): ReadonlySet<string>;
}

/** Database (and its WAL files), config, runtime folder (sockets, tokens), policy file, plus `extra`. */
export function engineProtectedPaths(config: EngineConfig, extra: readonly string[] = []): ProtectedPaths {
  const { dbPath, configPath, runtimeDir, clientTokenPath } = config.paths;
  const policy = config.shield.policy.kind === 'file' ? [config.shield.policy.path] : [];
  return protectedPaths([
    dbPath,
    `${dbPath}-wal`,
    `${dbPath}-shm`,
    `${dbPath}-journal`,
    configPath,
    runtimeDir,
    clientTokenPath,
    ...policy,
    // The user's durable grants: a tool that could write them could allow itself anything.
    grantsDir(config.home),
    ...extra,
  ]);
}

export function protectedPaths(list: readonly string[]): ProtectedPaths {
  const paths = [...new Set(list.map((p) => canonicalPath(p)))];
  return {
    paths,
    inodes: () => {
      const found = new Set<string>();
      for (const p of paths) {
        try {
          // Most of these never exist (e.g. the journal in WAL mode): no exception for an absent path.
          const stats = statSync(p, { throwIfNoEntry: false });
          if (stats) found.add(`${stats.dev}:${stats.ino}`);
        } catch {
          // Unreachable now (e.g. a parent is not a folder): nothing to link to.
        }
      }
      return found;
    },
  };
}
