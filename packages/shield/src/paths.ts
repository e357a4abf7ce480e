import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export interface PathContext {
  /** The user's home directory: `~` and `$HOME` expand to it. */
  readonly home: string;
  /** Canonical workspace root: relative paths resolve against it (else the process cwd). */
  readonly workspace?: string;
}

/** `~`, `~/x`, `$HOME/x` and `${HOME}/x` point into the home directory. */
export function expandHome(raw: string, home: string): string {
  const match = /^(~|\$HOME|\$\{HOME\})(?=\/|$)/.exec(raw);
  return match ? home + raw.slice(match[0].length) : raw;
}

/**
 * Follows symlinks of the longest existing prefix, so a link inside the workspace that points at
 * `~/.ssh` is judged by where it leads. Paths that do not exist yet keep their remaining segments.
 */
function followSymlinks(absolute: string): string {
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return missing.length === 0 ? real : join(real, ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return absolute;
      missing.push(current.slice(parent === '/' ? 1 : parent.length + 1));
      current = parent;
    }
  }
}

/** The canonical absolute form of a path an action names. */
export function canonicalPath(raw: string, context: PathContext): string {
  const expanded = expandHome(raw.trim(), context.home);
  const base = context.workspace ?? process.cwd();
  const absolute = isAbsolute(expanded) ? resolve(expanded) : resolve(base, expanded);
  return followSymlinks(absolute);
}
