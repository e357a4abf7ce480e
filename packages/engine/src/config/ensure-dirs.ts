import { chmodSync, mkdirSync } from 'node:fs';
import type { EngineConfig } from './types.js';

/** Creates `$PARAPET_HOME`, the workspace and the runtime folder; home and runtime are 0700. */
export function ensureDirectories(config: EngineConfig): void {
  mkdirSync(config.home, { recursive: true, mode: 0o700 });
  mkdirSync(config.workspace, { recursive: true, mode: 0o755 });
  mkdirSync(config.paths.runtimeDir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode alone; the runtime folder holds tokens and sockets.
  chmodSync(config.paths.runtimeDir, 0o700);
}
