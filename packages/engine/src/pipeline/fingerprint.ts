import { hash } from 'node:crypto';
import { lstatSync, readFileSync, type Stats } from 'node:fs';

/** Files up to this size are hashed; larger ones are fingerprinted by identity, size and mtime. */
const HASHED_MAX_BYTES = 16 * 1024 * 1024;

export interface PathState {
  readonly kind: 'file' | 'directory' | 'missing' | 'other';
  readonly fingerprint: string;
  readonly inode?: string;
  /** A regular file with one name only: it cannot be another name of a protected file. */
  readonly soleLink?: boolean;
}

/** What the path is right now, as a comparable string: the content hash for a regular file. */
export function pathState(canonical: string): PathState {
  let stats: Stats;
  try {
    stats = lstatSync(canonical);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing', fingerprint: 'missing' };
    throw error;
  }
  const inode = `${stats.dev}:${stats.ino}`;
  if (stats.isDirectory()) return { kind: 'directory', fingerprint: `dir:${inode}`, inode };
  if (!stats.isFile()) return { kind: 'other', fingerprint: `other:${inode}:${stats.mode}`, inode };
  const soleLink = stats.nlink === 1;
  if (stats.size > HASHED_MAX_BYTES) {
    return { kind: 'file', fingerprint: `stat:${inode}:${stats.size}:${stats.mtimeMs}`, inode, soleLink };
  }
  return { kind: 'file', fingerprint: contentFingerprint(readFileSync(canonical)), inode, soleLink };
}

/** The fingerprint of a regular file's bytes, as `pathState` gives it. */
export function contentFingerprint(bytes: Uint8Array): string {
  return `sha256:${hash('sha256', bytes, 'hex')}`;
}
