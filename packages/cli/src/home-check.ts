import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { ParapetError } from '@parapet/wire';
import { errnoSentence } from './fs-errors.js';

/**
 * A home that is a file (or sits under one) fails here with one line, before any command looks for
 * a socket or a lock in it. A home that does not exist yet is fine: init and start create it.
 */
export function assertUsableHome(home: string): void {
  let path = home;
  for (;;) {
    try {
      const stats = statSync(path);
      if (stats.isDirectory()) return;
      const what = path === home ? 'it is a file, not a folder' : `${path} is a file, not a folder`;
      throw new ParapetError('HOME_UNUSABLE', `PARAPET_HOME ${home} cannot be used: ${what} — point PARAPET_HOME or --home at a folder`);
    } catch (error) {
      if (error instanceof ParapetError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new ParapetError('HOME_UNUSABLE', `PARAPET_HOME ${home} cannot be used: ${errnoSentence(error)}`);
      const parent = dirname(path);
      if (parent === path) return;
      path = parent;
    }
  }
}
