import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ParapetError } from '@parapet/wire';
import { identityOf, isRunning, type ProcessIdentity } from './process-identity.js';

export const HOME_LOCK_FILE = 'parapet.lock';

/** What the lock file holds: the process manager, and the engine it runs once spawned. */
export interface HomeLockOwner extends ProcessIdentity {
  readonly since: string;
  readonly engine?: ProcessIdentity;
}

export interface HomeLock {
  readonly path: string;
  readonly owner: HomeLockOwner;
  /** Records the engine the holder runs, so a later start can wait for an orphaned one. */
  recordEngine(engine: ProcessIdentity): void;
  /** Removes the lock file if it is still this holder's. */
  release(): void;
}

export type HomeLockResult =
  | { readonly acquired: true; readonly lock: HomeLock; readonly stale?: HomeLockOwner }
  | { readonly acquired: false; readonly owner: HomeLockOwner };

export function homeLockPath(home: string): string {
  return join(home, HOME_LOCK_FILE);
}

function parseOwner(text: string): HomeLockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<HomeLockOwner>;
    if (typeof value.pid !== 'number' || typeof value.since !== 'string') return undefined;
    return value as HomeLockOwner;
  } catch {
    return undefined;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The recorded holder of `home`'s lock, running or not; undefined when there is no lock file. */
export function readHomeLock(home: string): HomeLockOwner | undefined {
  const path = homeLockPath(home);
  const text = readText(path);
  if (text === undefined) return undefined;
  const owner = parseOwner(text);
  if (!owner) throw new ParapetError('HOME_LOCKED', `${path} is not a parapet lock file; remove it if no parapet runs on this home`);
  return owner;
}

/** The running holder of `home`'s lock, if any. */
export function runningOwner(home: string): HomeLockOwner | undefined {
  const owner = readHomeLock(home);
  return owner && isRunning(owner) ? owner : undefined;
}

/** Writes complete content under a private name, then hard-links it: the lock is never half-written. */
function linkNew(path: string, content: string): boolean {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/**
 * Moves a stale lock aside. A racing start may have replaced it between our read and the move;
 * then what we moved is its live lock, and it goes back.
 */
function removeStale(path: string, staleText: string): void {
  const aside = `${path}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readText(aside);
  if (moved !== staleText && moved !== undefined && !linkNew(path, moved)) {
    throw new ParapetError('HOME_LOCKED', `another parapet took ${path} at the same time; try again`);
  }
  unlinkSync(aside);
}

function heldLock(path: string, owner: HomeLockOwner): HomeLock {
  let current = owner;
  const contentOf = (value: HomeLockOwner): string => `${JSON.stringify(value)}\n`;
  return {
    path,
    get owner() {
      return current;
    },
    recordEngine(engine) {
      if (readText(path) !== contentOf(current)) return;
      const next = { ...current, engine };
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      writeFileSync(temp, contentOf(next), { mode: 0o600, flag: 'wx' });
      renameSync(temp, path);
      current = next;
    },
    release() {
      if (readText(path) === contentOf(current)) unlinkSync(path);
    },
  };
}

/**
 * Takes the exclusive lock on a home for `pid` (default: this process). The lock file names the
 * holder's pid and start time; a holder that no longer runs (killed, machine rebooted, pid reused
 * by another process) leaves a stale lock, which is taken over and returned as `stale`.
 */
export function acquireHomeLock(home: string, pid: number = process.pid): HomeLockResult {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const path = homeLockPath(home);
  const owner: HomeLockOwner = { ...identityOf(pid), since: new Date().toISOString() };
  let stale: HomeLockOwner | undefined;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (linkNew(path, `${JSON.stringify(owner)}\n`)) return { acquired: true, lock: heldLock(path, owner), ...(stale ? { stale } : {}) };
    const text = readText(path);
    if (text === undefined) continue;
    const existing = parseOwner(text);
    if (!existing) throw new ParapetError('HOME_LOCKED', `${path} is not a parapet lock file; remove it if no parapet runs on this home`);
    if (isRunning(existing)) return { acquired: false, owner: existing };
    stale = existing;
    removeStale(path, text);
  }
  throw new ParapetError('HOME_LOCKED', `could not take ${path}: it keeps changing`);
}
