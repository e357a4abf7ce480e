import { ParapetError, type ErrorCode } from '@parapet/wire';

/** What a person can do about each errno, in a few words. */
const ERRNO_SENTENCES: Readonly<Record<string, string>> = {
  EACCES: "permission denied — check the folder's owner and mode",
  EPERM: 'operation not permitted — check the owner and mode',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  EEXIST: 'it already exists',
  ENOSPC: 'the disk is full — free some space',
  EROFS: 'the file system is read-only',
  ELOOP: 'too many symbolic links in the path',
  ENAMETOOLONG: 'the path is too long',
  EMFILE: 'too many open files — close some programs',
  EBUSY: 'the file is busy',
  ECONNREFUSED: 'connection refused — nothing listens there',
  ENOTFOUND: 'the host name does not resolve',
  ETIMEDOUT: 'the connection timed out',
};

/** `EACCES: permission denied, open '…'` as "permission denied — check …": never raw errno text. */
export function errnoSentence(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && ERRNO_SENTENCES[code] !== undefined) return ERRNO_SENTENCES[code];
  return code !== undefined ? `failed (${code})` : error instanceof Error ? error.message : String(error);
}

/** A file-system failure as one actionable line: "cannot write PATH: permission denied — …". */
export function fsError(action: string, path: string, error: unknown, code: ErrorCode = 'INTERNAL'): ParapetError {
  return new ParapetError(code, `cannot ${action} ${path}: ${errnoSentence(error)}`, false, { cause: error });
}
