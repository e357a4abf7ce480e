import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError, fsError } from './errors.js';
import { payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

/** Copies one regular file; an existing destination is replaced only when `overwrite` is true. */
export const copyFileExecutor: Executor = async (payload, context) => {
  const source = payloadPath(payload, 'source');
  const destination = payloadPath(payload, 'destination');
  const overwrite = payload['overwrite'] === true;
  const from = shownPath(context.workspace, source);
  const to = shownPath(context.workspace, destination);
  try {
    const stats = await lstat(source);
    if (!stats.isFile()) throw new ExecutionError(`${from}: not a regular file (copy_file copies files only)`);
  } catch (error) {
    if (error instanceof ExecutionError) throw error;
    throw fsError(error, from);
  }
  const existing = await lstat(destination).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(fsError(error, to))));
  if (existing && !overwrite) throw new ExecutionError(`${to}: already exists (pass overwrite: true to replace it)`);
  if (existing && !existing.isFile()) throw new ExecutionError(`${to}: not a regular file, not replaced`);
  try {
    await mkdir(path.dirname(destination), { recursive: true });
    if (!existing) {
      // EXCL: a file appearing in between is not replaced either.
      await copyFile(source, destination, constants.COPYFILE_EXCL);
    } else {
      // Replace by rename, so a destination swapped for a symlink is replaced, never followed.
      const temp = path.join(path.dirname(destination), `.${path.basename(destination)}.parapet-${randomBytes(6).toString('hex')}.tmp`);
      try {
        await copyFile(source, temp, constants.COPYFILE_EXCL);
        await rename(temp, destination);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      }
    }
  } catch (error) {
    throw fsError(error, `${from} -> ${to}`);
  }
  return `${existing ? 'Replaced' : 'Created'} ${to} as a copy of ${from}`;
};
