import { ParapetError } from '@parapet/wire';

/** A tool ran and failed (missing file, permission, timeout…); the message is for the model. */
export class ExecutionError extends ParapetError {
  constructor(message: string, code: 'EXECUTION_FAILED' | 'EXECUTION_TIMEOUT' = 'EXECUTION_FAILED', options?: { cause?: unknown }) {
    super(code, message, code === 'EXECUTION_TIMEOUT', options);
  }
}

const FS_MESSAGES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EEXIST: 'already exists',
  EISDIR: 'is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTEMPTY: 'folder is not empty',
  ELOOP: 'is a symbolic link (refused)',
  EXDEV: 'cannot move across file systems',
  ENOSPC: 'no space left on the device',
  EROFS: 'the file system is read-only',
};

/** An fs error as one short line naming the (workspace-relative) path, never a stack. */
export function fsError(error: unknown, shownPath: string): ExecutionError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = (code && FS_MESSAGES[code]) ?? (code ? `failed (${code})` : 'failed');
  return new ExecutionError(`${shownPath}: ${reason}`, 'EXECUTION_FAILED', { cause: error });
}
