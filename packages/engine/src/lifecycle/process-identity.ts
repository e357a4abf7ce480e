import { readFileSync } from 'node:fs';

/** A process as recorded in a lock: its pid and, where /proc exists, when it started. */
export interface ProcessIdentity {
  readonly pid: number;
  /** Start time in clock ticks since boot (`/proc/PID/stat` field 22); null where unknown. */
  readonly startTime: string | null;
}

/**
 * Field 22 of `/proc/PID/stat`. The command name (field 2) may hold spaces and parentheses, so the
 * fields are counted from the last `)`.
 */
function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, startTime] = [fields[0], fields[19]];
    return state !== undefined && startTime !== undefined ? { state, startTime } : null;
  } catch {
    return null;
  }
}

export function processStartTime(pid: number): string | null {
  return procStat(pid)?.startTime ?? null;
}

export function identityOf(pid: number): ProcessIdentity {
  return { pid, startTime: processStartTime(pid) };
}

/**
 * True while the recorded process still runs. A live pid whose start time differs from the one
 * recorded is another process that reused the number, so it does not count.
 */
export function isRunning(identity: ProcessIdentity): boolean {
  if (!Number.isInteger(identity.pid) || identity.pid <= 0) return false;
  try {
    process.kill(identity.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = procStat(identity.pid);
  // A zombie has exited already; only its parent has not collected it yet.
  if (now?.state === 'Z') return false;
  return identity.startTime === null || now === null || now.startTime === identity.startTime;
}
