import { ParapetError } from '@parapet/wire';
import { acquireHomeLock, runningOwner, type HomeLock } from './home-lock.js';

/**
 * The engine runs only on a home whose lock its own process manager (its parent) holds. Started on
 * its own (benchmarks, debugging), it takes the lock itself and returns it for release at exit.
 */
export function claimHomeForEngine(home: string): HomeLock | undefined {
  const owner = runningOwner(home);
  if (owner?.pid === process.ppid) return undefined;
  if (!owner) {
    const result = acquireHomeLock(home);
    if (result.acquired) return result.lock;
    return refuse(home, result.owner.pid);
  }
  return refuse(home, owner.pid);
}

function refuse(home: string, pid: number): never {
  throw new ParapetError('HOME_LOCKED', `${home} is in use by another parapet (pid ${pid})`);
}
