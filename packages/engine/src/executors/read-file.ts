import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { ExecutionError, fsError } from './errors.js';
import { capOutput, payloadPath, shownPath } from './output.js';
import type { BoundedExecutor } from './types.js';

/**
 * Reads at most the output cap (+1 byte to know it was cut); refuses folders and binary files.
 *
 * Synchronous on purpose: one bounded read of a regular file costs a few microseconds, while the
 * promise API pays a thread-pool round trip for each of open, fstat, read and close. Nothing here
 * can wait on another process: O_NONBLOCK keeps a FIFO from stalling the open, and only regular
 * files are read. (Enrich and verify already read the same file synchronously to fingerprint it.)
 */
export const readFileExecutor: BoundedExecutor = (payload, context) => {
  const target = payloadPath(payload, 'path');
  const shown = shownPath(context.workspace, target);
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink swapped in after the checks is refused, not followed.
    fd = openSync(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw fsError(error, shown);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new ExecutionError(`${shown}: is a folder (use list_directory)`);
    if (!stats.isFile()) throw new ExecutionError(`${shown}: not a regular file`);
    const data = readAtMost(fd, Math.min(stats.size, context.maxOutputBytes + 1));
    if (data.subarray(0, 8192).includes(0)) return `${shown}: binary file (${stats.size} bytes), not shown`;
    const text = data.toString('utf8');
    if (stats.size <= context.maxOutputBytes) return text;
    const head = capOutput(text, context.maxOutputBytes).replace(/\n\[truncated: [^\]]*\]$/u, '');
    return `${head}\n[truncated: the file is ${stats.size} bytes, showing the first ${Buffer.byteLength(head, 'utf8')}]`;
  } catch (error) {
    if (error instanceof ExecutionError) throw error;
    throw fsError(error, shown);
  } finally {
    closeSync(fd);
  }
};

/** Up to `wanted` bytes from the start of the file (fewer if it shrank meanwhile). */
function readAtMost(fd: number, wanted: number): Buffer {
  const buffer = Buffer.allocUnsafe(wanted);
  let filled = 0;
  while (filled < wanted) {
    const got = readSync(fd, buffer, filled, wanted - filled, filled);
    if (got === 0) break;
    filled += got;
  }
  return buffer.subarray(0, filled);
}
