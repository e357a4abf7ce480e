import { lstat, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError, fsError } from './errors.js';
import { payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

/**
 * Removes a folder: an empty one, or with `recursive` the whole tree (symlinks inside are removed,
 * never followed). The workspace root and folders holding protected paths are refused here too.
 */
export const deleteDirectoryExecutor: Executor = async (payload, context) => {
  const target = payloadPath(payload, 'path');
  const shown = shownPath(context.workspace, target);
  if (target === context.workspace || !target.startsWith(`${context.workspace}${path.sep}`)) {
    throw new ExecutionError(`${shown}: the workspace root is never deleted`);
  }
  if (context.protectedPaths.some((p) => p === target || p.startsWith(`${target}${path.sep}`))) {
    throw new ExecutionError(`${shown}: holds the engine's own state, not deleted`);
  }
  try {
    const stats = await lstat(target);
    if (!stats.isDirectory()) throw new ExecutionError(`${shown}: not a folder (use delete_file for files)`);
    if (payload['recursive'] === true) await rm(target, { recursive: true, force: false });
    else await rmdir(target);
  } catch (error) {
    if (error instanceof ExecutionError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY') throw new ExecutionError(`${shown}: folder is not empty (pass recursive: true to delete everything in it)`);
    throw fsError(error, shown);
  }
  return `Deleted ${shown}/${payload['recursive'] === true ? ' and everything in it' : ''}`;
};
