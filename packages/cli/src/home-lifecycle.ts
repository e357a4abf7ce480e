import { lstatSync, unlinkSync } from 'node:fs';
import { acquireHomeLock, isRunning, type HomeLock, type ProcessIdentity } from '@parapet/engine/client';
import { ParapetError } from '@parapet/wire';
import type { HomePaths } from './paths.js';

const POLL_MS = 100;

/** Removes the engine's and the agent's sockets when a dead engine left them (never a non-socket). */
export function removeStaleSockets(paths: HomePaths): void {
  for (const socket of [paths.socketPath, paths.agentSocketPath]) {
    try {
      if (lstatSync(socket).isSocket()) unlinkSync(socket);
    } catch {
      // Absent already.
    }
  }
}

/** Resolves true once `process` has exited, false if it still runs after `timeoutMs`. */
export async function waitForExit(identity: ProcessIdentity, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(identity)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/**
 * Takes the home for `parapet start` before anything in it is touched. A second start finds the
 * lock held and stops here. A lock left by a killed process manager is taken over; the engine it
 * ran (which stops by itself once its manager is gone) gets `orphanGraceMs` to finish, then is killed.
 */
export async function takeHome(paths: HomePaths, orphanGraceMs = 10_000): Promise<HomeLock> {
  const result = acquireHomeLock(paths.home);
  if (!result.acquired) {
    throw new ParapetError('HOME_LOCKED', `already running for ${paths.home} (pid ${result.owner.pid}); stop it with \`parapet stop\``);
  }
  const orphan = result.stale?.engine;
  if (orphan && !(await waitForExit(orphan, orphanGraceMs))) {
    try {
      process.kill(-orphan.pid, 'SIGKILL');
    } catch {
      // Gone in between.
    }
    await waitForExit(orphan, orphanGraceMs);
  }
  removeStaleSockets(paths);
  return result.lock;
}
