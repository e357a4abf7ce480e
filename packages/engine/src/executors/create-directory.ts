import { lstat, mkdir } from 'node:fs/promises';
import { ExecutionError, fsError } from './errors.js';
import { payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

/** Creates a folder and its missing parents; an existing folder is fine, anything else there is not. */
export const createDirectoryExecutor: Executor = async (payload, context) => {
  const target = payloadPath(payload, 'path');
  const shown = shownPath(context.workspace, target);
  const existing = await lstat(target).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(fsError(error, shown))));
  if (existing?.isDirectory()) return `${shown}/ already exists`;
  if (existing) throw new ExecutionError(`${shown}: already exists and is not a folder`);
  try {
    await mkdir(target, { recursive: true });
  } catch (error) {
    throw fsError(error, shown);
  }
  return `Created ${shown}/`;
};
