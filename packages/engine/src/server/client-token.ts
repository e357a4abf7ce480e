import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Creates a fresh client token and stores it at `tokenPath` (0600, written atomically) so local
 * clients running as the same user can authenticate. A new token per engine start means a token
 * leaked from an old run is worthless.
 */
export async function writeClientToken(tokenPath: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await mkdir(dirname(tokenPath), { recursive: true, mode: 0o700 });
  const temporary = `${tokenPath}.${process.pid}.tmp`;
  await writeFile(temporary, `${token}\n`, { mode: 0o600 });
  // writeFile's mode is filtered by the umask; make sure it is exactly owner-only.
  await chmod(temporary, 0o600);
  await rename(temporary, tokenPath);
  return token;
}
