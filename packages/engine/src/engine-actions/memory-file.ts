import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError } from '../executors/errors.js';
import { MEMORY_FILE_NAME } from '../pipeline/prompt-files.js';

/** One entry as it reads in MEMORY.md: a dated bullet, continuation lines indented under it. */
export function memoryLine(createdAt: string, content: string): string {
  const stamp = `${createdAt.slice(0, 10)} ${createdAt.slice(11, 16)} UTC`;
  const lines = content.trim().split(/\r?\n/u);
  return `- [${stamp}] ${lines.map((line, i) => (i === 0 ? line : `  ${line}`)).join('\n')}\n`;
}

/**
 * Appends to the workspace's own MEMORY.md: never through a symlink (O_NOFOLLOW), only to a
 * regular file, never to a hard link of the engine's own state; flushed before the entry counts.
 */
export async function appendMemoryFile(workspace: string, text: string, protectedInodes: ReadonlySet<string>): Promise<void> {
  const file = path.join(workspace, MEMORY_FILE_NAME);
  let handle;
  try {
    handle = await open(file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExecutionError(`${MEMORY_FILE_NAME}: ${code === 'ELOOP' ? 'is a symbolic link (refused)' : `cannot be opened (${code ?? 'error'})`}`, 'EXECUTION_FAILED', { cause: error });
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new ExecutionError(`${MEMORY_FILE_NAME}: not a regular file (refused)`);
    if (protectedInodes.has(`${stats.dev}:${stats.ino}`)) throw new ExecutionError(`${MEMORY_FILE_NAME}: is a link to the engine's own state (refused)`);
    const prefix = stats.size > 0 ? await missingNewline(handle, stats.size) : '';
    await handle.write(`${prefix}${text}`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A file the user edited may not end with a newline: the entry then starts on a line of its own. */
async function missingNewline(handle: FileHandle, size: number): Promise<string> {
  const last = Buffer.alloc(1);
  // O_APPEND ignores the position for writes only; a positioned read is fine.
  const { bytesRead } = await handle.read(last, 0, 1, size - 1).catch(() => ({ bytesRead: 0 }));
  return bytesRead === 1 && last[0] !== 0x0a ? '\n' : '';
}
