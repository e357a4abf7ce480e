import { lstat, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError, fsError } from './errors.js';
import { payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

/** Renames within the workspace; never overwrites an existing destination. */
export const moveFileExecutor: Executor = async (payload, context) => {
  const source = payloadPath(payload, 'source');
  const destination = payloadPath(payload, 'destination');
  const from = shownPath(context.workspace, source);
  const to = shownPath(context.workspace, destination);
  try {
    await lstat(source);
  } catch (error) {
    throw fsError(error, from);
  }
  const exists = await lstat(destination).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(fsError(error, to))),
  );
  if (exists) throw new ExecutionError(`${to}: already exists (move_file does not overwrite)`);
  if (destination.startsWith(`${source}${path.sep}`)) throw new ExecutionError(`${to}: cannot move a folder into itself`);
  try {
    await mkdir(path.dirname(destination), { recursive: true });
    await rename(source, destination);
  } catch (error) {
    throw fsError(error, `${from} -> ${to}`);
  }
  return `Moved ${from} to ${to}`;
};
