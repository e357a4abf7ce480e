import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** `~` and `~/x` expand to the user's home directory; anything else is returned as is. */
export function expandTilde(input: string, userHome?: string): string {
  if (input === '~') return userHome ?? homedir();
  if (input.startsWith('~/')) return path.join(userHome ?? homedir(), input.slice(2));
  return input;
}

/**
 * The canonical absolute form of `target`: symlinks followed. For a path that does not exist yet
 * (a file about to be written), the deepest existing ancestor is canonicalised and the missing
 * tail appended, so a symlinked parent cannot smuggle a write elsewhere.
 */
export function canonicalPath(target: string): string {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return missing.length === 0 ? real : path.join(real, ...missing.reverse());
    } catch (error) {
      if (!isMissing(error)) throw error;
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** True when `candidate` is `root` itself or lies beneath it (both canonical absolute paths). */
export function isWithin(root: string, candidate: string): boolean {
  // Plain absolute POSIX paths (what canonicalPath returns) compare as strings, without the cost of
  // path.relative resolving both; anything else (dot segments, doubled slashes) takes the full route.
  if (isPlainAbsolute(root) && isPlainAbsolute(candidate)) {
    return candidate === root || candidate.startsWith(root === '/' ? root : `${root}/`);
  }
  const relative = path.relative(root, candidate);
  if (relative === '') return true;
  const escapes = relative === '..' || relative.startsWith(`..${path.sep}`);
  return !escapes && !path.isAbsolute(relative);
}

/** A `.` or `..` segment, a doubled slash, or a trailing slash after something. */
const NOT_PLAIN = /\/\.{1,2}(?:\/|$)|\/\/|.\/$/;

/** Absolute, normalised POSIX path: path.relative would treat it exactly as its characters say. */
function isPlainAbsolute(candidate: string): boolean {
  return path.sep === '/' && candidate.startsWith('/') && !NOT_PLAIN.test(candidate);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
