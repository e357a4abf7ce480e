import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError, fsError } from './errors.js';
import { payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

/** Atomic replace: write a temp file beside the target, flush it, rename it over the target. */
export const writeFileExecutor: Executor = async (payload, context) => {
  const target = payloadPath(payload, 'path');
  const content = payload['content'];
  if (typeof content !== 'string') throw new TypeError('executor: write_file needs string content');
  const shown = shownPath(context.workspace, target);

  let mode = 0o644;
  let existed = false;
  try {
    const stats = await lstat(target);
    if (stats.isDirectory()) throw new ExecutionError(`${shown}: is a folder`);
    if (!stats.isFile()) throw new ExecutionError(`${shown}: not a regular file`);
    mode = stats.mode & 0o777;
    existed = true;
  } catch (error) {
    if (error instanceof ExecutionError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fsError(error, shown);
  }

  const directory = path.dirname(target);
  const temp = path.join(directory, `.${path.basename(target)}.parapet-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(directory, { recursive: true });
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw fsError(error, shown);
  }
  const bytes = Buffer.byteLength(content, 'utf8');
  return `${existed ? 'Replaced' : 'Created'} ${shown} (${bytes} bytes)`;
};
