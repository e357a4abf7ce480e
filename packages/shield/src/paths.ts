import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

export interface PathContext {
  /** The user's home directory: `~` and `$HOME` expand to it. */
  readonly home: string;
  /** Canonical workspace root: relative paths resolve against it (else the process cwd). */
  readonly workspace?: string;
  /**
   * Absolute paths the caller resolved (symlinks followed) an instant before asking, taken as
   * canonical without touching the file system again; the caller re-checks them before use.
   */
  readonly resolved?: ReadonlySet<string>;
}

/** `~`, `~/x`, `$HOME/x` and `${HOME}/x` point into the home directory. */
export function expandHome(raw: string, home: string): string {
  const match = /^(~|\$HOME|\$\{HOME\})(?=\/|$)/.exec(raw);
  return match ? home + raw.slice(match[0].length) : raw;
}

const MAX_LINK_HOPS = 40;

/** Missing, or unreachable (a symlink loop or a file used as a directory on the way). */
function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Follows symlinks of the longest existing prefix, so a link inside the workspace that points at
 * `~/.ssh` is judged by where it leads. A dangling link is followed to where it points (writing
 * through it would create that file). Segments that do not exist yet are kept as they are.
 * `lstat` without throwing keeps the common "does not exist" case cheap.
 */
function followSymlinks(absolute: string): string {
  const missing: string[] = [];
  let current = absolute;
  for (let hops = 0; hops <= MAX_LINK_HOPS; ) {
    const stats = lstatOrUndefined(current);
    if (stats === undefined) {
      const parent = dirname(current);
      if (parent === current) return absolute;
      missing.unshift(basename(current));
      current = parent;
      continue;
    }
    try {
      return join(realpathSync.native(current), ...missing);
    } catch {
      if (!stats.isSymbolicLink()) return join(current, ...missing);
      current = resolve(dirname(current), readlinkSync(current));
      hops++;
    }
  }
  return absolute;
}

/** The canonical absolute form of a path an action names. */
export function canonicalPath(raw: string, context: PathContext): string {
  const expanded = expandHome(raw.trim(), context.home);
  const base = context.workspace ?? process.cwd();
  const absolute = isAbsolute(expanded) ? resolve(expanded) : resolve(base, expanded);
  return context.resolved?.has(absolute) ? absolute : followSymlinks(absolute);
}
