import { lstat, unlink } from 'node:fs/promises';
import { ExecutionError, fsError } from './errors.js';
import { payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

/** Removes one file; folders are refused (deleting a tree is a different, bigger action). */
export const deleteFileExecutor: Executor = async (payload, context) => {
  const target = payloadPath(payload, 'path');
  const shown = shownPath(context.workspace, target);
  try {
    const stats = await lstat(target);
    if (stats.isDirectory()) throw new ExecutionError(`${shown}: is a folder (delete_file removes files only)`);
    await unlink(target);
  } catch (error) {
    if (error instanceof ExecutionError) throw error;
    throw fsError(error, shown);
  }
  return `Deleted ${shown}`;
};
