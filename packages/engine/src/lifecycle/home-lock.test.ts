import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireHomeLock, homeLockPath, readHomeLock, runningOwner } from './home-lock.js';
import { identityOf, isRunning } from './process-identity.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'parapet-lock-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** The pid of a process that has already exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

describe('home lock', () => {
  it('is held by one process at a time and names its holder', () => {
    const first = acquireHomeLock(home);
    expect(first.acquired).toBe(true);
    const second = acquireHomeLock(home);
    expect(second).toEqual({ acquired: false, owner: expect.objectContaining({ pid: process.pid }) });
    expect(runningOwner(home)?.pid).toBe(process.pid);
    if (first.acquired) first.lock.release();
    expect(readHomeLock(home)).toBeUndefined();
    expect(acquireHomeLock(home).acquired).toBe(true);
  });

  it('takes over a lock whose holder is gone, and returns it as stale', async () => {
    const pid = await deadPid();
    writeFileSync(homeLockPath(home), `${JSON.stringify({ pid, startTime: '1', since: 'earlier', engine: { pid, startTime: '1' } })}\n`);
    const result = acquireHomeLock(home);
    expect(result).toMatchObject({ acquired: true, stale: { pid, engine: { pid } } });
    expect(readHomeLock(home)?.pid).toBe(process.pid);
    expect(readdirSync(home)).toEqual(['parapet.lock']);
  });

  it('treats a live pid with another start time as a reused pid: stale', () => {
    const reused = { ...identityOf(process.pid), startTime: 'not-our-start-time' };
    expect(isRunning(reused)).toBe(false);
    writeFileSync(homeLockPath(home), `${JSON.stringify({ ...reused, since: 'earlier' })}\n`);
    expect(acquireHomeLock(home).acquired).toBe(true);
  });

  it('refuses a lock file it cannot read as one, rather than guessing', () => {
    writeFileSync(homeLockPath(home), 'garbage');
    expect(() => acquireHomeLock(home)).toThrow(/not a parapet lock file/);
    expect(readFileSync(homeLockPath(home), 'utf8')).toBe('garbage');
  });

  it('records the engine, and release leaves a lock that is no longer its own alone', () => {
    const result = acquireHomeLock(home);
    if (!result.acquired) throw new Error('expected the lock');
    result.lock.recordEngine({ pid: 4242, startTime: '7' });
    expect(readHomeLock(home)?.engine).toEqual({ pid: 4242, startTime: '7' });
    writeFileSync(homeLockPath(home), `${JSON.stringify({ pid: 1, startTime: null, since: 'someone else' })}\n`);
    result.lock.release();
    expect(readHomeLock(home)?.pid).toBe(1);
  });
});
