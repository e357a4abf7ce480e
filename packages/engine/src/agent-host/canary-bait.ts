import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

const CANARY_FILE = 'canary.txt';

export interface CanaryObservations {
  /** The loopback listener accepted a connection: the agent reached the network. */
  tcpConnectionSeen: boolean;
  /** Files that appeared next to the canary: the agent wrote to the disk. */
  unexpectedFiles: string[];
}

export interface CanaryBait {
  canaryPath: string;
  port: number;
  observe(): Promise<CanaryObservations>;
  cleanup(): Promise<void>;
}

/**
 * Sets out what the agent's probes try to reach: a random-content file in a hidden workspace folder
 * and a loopback TCP listener. The engine also watches both itself, so a probe that succeeded is
 * caught even if the agent's own report said otherwise.
 */
export async function setOutCanaryBait(workspace: string): Promise<CanaryBait> {
  const dir = join(workspace, `.parapet-canary-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { mode: 0o700 });
  const canaryPath = join(dir, CANARY_FILE);
  let listener: Server | undefined;
  try {
    await writeFile(canaryPath, randomBytes(24).toString('hex'), { mode: 0o600 });
    let tcpConnectionSeen = false;
    listener = createServer((socket) => {
      tcpConnectionSeen = true;
      socket.destroy();
    });
    const port = await listen(listener);
    const server = listener;
    return {
      canaryPath,
      port,
      async observe() {
        const entries = await readdir(dir).catch(() => [] as string[]);
        return { tcpConnectionSeen, unexpectedFiles: entries.filter((name) => name !== CANARY_FILE) };
      },
      async cleanup() {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    listener?.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('canary listener has no port'));
    });
  });
}
