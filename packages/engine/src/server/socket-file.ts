import { lstat, mkdir, unlink } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { ParapetError } from '@parapet/wire';

function somethingListens(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Makes `socketPath` free to bind: creates its folder (0700) and removes a socket left behind by a
 * crashed engine. Refuses when another engine still answers there, or when the path is not a socket
 * (never delete a file we did not make).
 */
export async function prepareSocketPath(socketPath: string): Promise<void> {
  await mkdir(dirname(socketPath), { recursive: true, mode: 0o700 });
  const existing = await lstat(socketPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!existing) return;
  if (!existing.isSocket()) {
    throw new ParapetError('INTERNAL', `${socketPath} exists and is not a socket; refusing to replace it`);
  }
  if (await somethingListens(socketPath)) {
    throw new ParapetError('INTERNAL', `another engine is already listening at ${socketPath}`);
  }
  await unlink(socketPath);
}

export async function removeSocketFile(socketPath: string): Promise<void> {
  await unlink(socketPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
