import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first `name` on PATH, if any. */
export function onPath(name: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export interface CommandRun {
  readonly ok: boolean;
  readonly output: string;
}

/** Runs `systemctl --user ARGS`, bounded in time; its trimmed output is the answer. */
export function systemctlUser(systemctl: string, args: readonly string[]): CommandRun {
  const run = spawnSync(systemctl, ['--user', ...args], { encoding: 'utf8', timeout: 10_000 });
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim() };
}

/** Whether systemd keeps this user's services running after logout (`loginctl enable-linger`). */
export function lingerEnabled(user: string | undefined): boolean {
  return user !== undefined && existsSync(join('/var/lib/systemd/linger', user));
}
