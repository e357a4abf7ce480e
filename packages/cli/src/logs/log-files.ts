import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const LOG_FILE = /^engine\.(\d+)\.log$/;

/** pino-roll's `engine.N.log` files, oldest first (the highest N is the one being written). */
export async function logFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => ({ name, index: Number(LOG_FILE.exec(name)?.[1] ?? Number.NaN) }))
    .filter((file) => Number.isInteger(file.index))
    .sort((a, b) => a.index - b.index)
    .map((file) => join(dir, file.name));
}

/** Reads `path` from byte `offset`; returns the complete lines and the offset after the last one. */
export async function readLinesFrom(path: string, offset: number): Promise<{ lines: string[]; offset: number }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= offset) return { lines: [], offset: size < offset ? 0 : offset };
    const buffer = Buffer.alloc(size - offset);
    await handle.read(buffer, 0, buffer.length, offset);
    const end = buffer.lastIndexOf(0x0a);
    if (end < 0) return { lines: [], offset };
    const lines = buffer.subarray(0, end).toString('utf8').split('\n').filter((line) => line !== '');
    return { lines, offset: offset + end + 1 };
  } finally {
    await handle.close();
  }
}
