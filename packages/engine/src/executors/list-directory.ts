import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ExecutionError, fsError } from './errors.js';
import { capOutput, payloadPath, shownPath } from './output.js';
import type { Executor } from './types.js';

const MAX_ENTRIES = 1000;

/** One line per entry, folders first-class with a trailing `/`, files with their size. */
export const listDirectoryExecutor: Executor = async (payload, context) => {
  const target = payloadPath(payload, 'path');
  const shown = shownPath(context.workspace, target);
  let entries: Dirent[];
  try {
    const stats = await stat(target);
    if (!stats.isDirectory()) throw new ExecutionError(`${shown}: is not a folder (use read_file)`);
    entries = await readdir(target, { withFileTypes: true });
  } catch (error) {
    if (error instanceof ExecutionError) throw error;
    throw fsError(error, shown);
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  const lines: string[] = [];
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    if (context.signal.aborted) break;
    lines.push(await describe(entry, path.join(target, entry.name)));
  }
  const header = `${shown}: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`;
  const more = entries.length > MAX_ENTRIES ? [`[${entries.length - MAX_ENTRIES} more not shown]`] : [];
  return capOutput([header, ...lines, ...more].join('\n'), context.maxOutputBytes);
};

async function describe(entry: Dirent, absolute: string): Promise<string> {
  if (entry.isDirectory()) return `${entry.name}/`;
  if (entry.isSymbolicLink()) return `${entry.name} (symlink)`;
  if (!entry.isFile()) return `${entry.name} (special)`;
  const size = await stat(absolute).then(
    (s) => s.size,
    () => undefined,
  );
  return size === undefined ? entry.name : `${entry.name} (${size} bytes)`;
}
