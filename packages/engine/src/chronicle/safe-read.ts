import { closeSync, constants, fstatSync, openSync, readFileSync, readlinkSync, type Stats } from 'node:fs';
import { isWithin } from '../config/paths.js';
import { SnapshotError } from './errors.js';

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Reads a regular file the engine found (by lstat) inside the workspace, without trusting the path
 * twice: the last component is opened without following a link, the open file must be the one
 * lstat saw, and the kernel's name for the open descriptor must still be inside the workspace. So
 * a folder swapped for a symlink between the walk and the read cannot make the engine copy a file
 * from outside the workspace into the chronicle.
 */
export function readWorkspaceFile(workspace: string, absolute: string, seen: Stats): Buffer {
  let fd: number;
  try {
    fd = openSync(absolute, OPEN_FLAGS);
  } catch (error) {
    throw new SnapshotError(`cannot open ${absolute} for the snapshot (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.ino !== seen.ino || opened.dev !== seen.dev) {
      throw new SnapshotError(`${absolute} changed while the snapshot was taken`);
    }
    const real = readlinkSync(`/proc/self/fd/${fd}`);
    if (!isWithin(workspace, real)) throw new SnapshotError(`${absolute} leads outside the workspace: not snapshotted`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
