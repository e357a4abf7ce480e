import { lstat, mkdir, unlink } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { ParapetError } from '@parapet/wire';

/** sun_path holds 108 bytes on Linux (104 on macOS), including the terminating NUL. */
const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;

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
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    throw new ParapetError(
      'CONFIG_INVALID',
      `the socket path ${socketPath} is longer than the ${MAX_SOCKET_PATH_BYTES} bytes a unix socket allows; choose a shorter PARAPET_HOME`,
    );
  }
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
