import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { ExecutionError, fsError } from './errors.js';
import { capOutput, payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

/** Reads at most the output cap (+1 byte to know it was cut); refuses folders and binary files. */
export const readFileExecutor: Executor = async (payload, context) => {
  const target = payloadPath(payload, 'path');
  const shown = shownPath(context.workspace, target);
  let handle;
  try {
    // O_NOFOLLOW: a symlink swapped in after the checks is refused, not followed.
    // O_NONBLOCK: opening a FIFO must not hang a thread waiting for a writer.
    handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw fsError(error, shown);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new ExecutionError(`${shown}: is a folder (use list_directory)`);
    if (!stats.isFile()) throw new ExecutionError(`${shown}: not a regular file`);
    const wanted = Math.min(stats.size, context.maxOutputBytes + 1);
    const buffer = Buffer.alloc(wanted);
    const { bytesRead } = await handle.read(buffer, 0, wanted, 0);
    const data = buffer.subarray(0, bytesRead);
    if (data.subarray(0, 8192).includes(0)) return `${shown}: binary file (${stats.size} bytes), not shown`;
    const text = data.toString('utf8');
    if (stats.size <= context.maxOutputBytes) return text;
    const head = capOutput(text, context.maxOutputBytes).replace(/\n\[truncated: [^\]]*\]$/u, '');
    return `${head}\n[truncated: the file is ${stats.size} bytes, showing the first ${Buffer.byteLength(head, 'utf8')}]`;
  } catch (error) {
    if (error instanceof ExecutionError) throw error;
    throw fsError(error, shown);
  } finally {
    await handle.close();
  }
};
