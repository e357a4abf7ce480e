import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, rename, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError, fsError } from './errors.js';
import { payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

/**
 * Creates the folders between the workspace and `target` that are missing. A part that is a
 * symlink (say, planted after the snapshot) is refused: a restore never writes through a link.
 */
async function ensureParents(workspace: string, target: string): Promise<void> {
  const parts = path.relative(workspace, path.dirname(target)).split(path.sep).filter((part) => part !== '');
  let current = workspace;
  for (const part of parts) {
    current = path.join(current, part);
    const stats = await lstat(current).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
    if (!stats) {
      await mkdir(current, { mode: 0o755 });
    } else if (!stats.isDirectory()) {
      throw new ExecutionError(`${shownPath(workspace, current)}: not a folder (${stats.isSymbolicLink() ? 'a symbolic link' : 'a file'}): not restored through it`);
    }
  }
}

async function restoreFile(target: string, content: Buffer, mode: number): Promise<void> {
  const existing = await lstat(target).catch(() => undefined);
  if (existing?.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.parapet-${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      await handle.writeFile(content);
      // The exact bits the file had, whatever the umask.
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** One step of a chronicle rollback: put a file or folder back as it was, or remove what was not there. */
export const chronicleRestoreExecutor: Executor = async (payload, context) => {
  const target = payloadPath(payload, 'path');
  const shown = shownPath(context.workspace, target);
  const step = payload['step'];
  const mode = typeof payload['mode'] === 'number' ? payload['mode'] & 0o7777 : 0o644;
  if (target === context.workspace) throw new ExecutionError('the workspace root itself is never restored or removed');
  try {
    await ensureParents(context.workspace, target);
    if (step === 'file') {
      const content = payload['contentBase64'];
      if (typeof content !== 'string') throw new TypeError('executor: chronicle_restore file needs contentBase64');
      await restoreFile(target, Buffer.from(content, 'base64'), mode);
      return `Restored ${shown}`;
    }
    const stats = await lstat(target).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
    if (step === 'directory') {
      if (!stats) await mkdir(target, { mode });
      else if (!stats.isDirectory()) throw new ExecutionError(`${shown}: in the way of a folder to restore`);
      await chmod(target, mode);
      return `Restored folder ${shown}`;
    }
    if (step === 'remove') {
      if (!stats) return `Already gone: ${shown}`;
      if (stats.isDirectory()) await rmdir(target);
      else await unlink(target);
      return `Removed ${shown}`;
    }
    throw new TypeError(`executor: unknown chronicle_restore step ${String(step)}`);
  } catch (error) {
    if (error instanceof ExecutionError || error instanceof TypeError) throw error;
    throw fsError(error, shown);
  }
};
