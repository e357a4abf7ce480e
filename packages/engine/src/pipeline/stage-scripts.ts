import { closeSync, fstatSync, openSync, readSync, constants } from 'node:fs';
import { scriptsRunBy } from '@parapet/shield';
import { canonicalPath, isWithin } from '../config/paths.js';
import { contentFingerprint } from './fingerprint.js';
import { proceed, type ScriptRead, type Stage } from './types.js';

/** Scripts longer than this stay unseen: the Shield asks about them as before. */
export const MAX_SCRIPT_BYTES = 64 * 1024;

/**
 * Reads the scripts a shell command runs (`bash build.sh`, `./deploy.sh`, `python tools/x.py`),
 * so the Shield judges the commands they hold instead of asking a human about a file it cannot
 * see. Only regular UTF-8 files in the workspace, read once: the text the Shield sees is the text
 * whose hash verify compares just before the command runs. Anything else (outside the workspace,
 * a link out of it, too long, binary, unreadable) is left unseen, which the Shield asks about.
 */
export const scriptsStage: Stage = (context, deps) => {
  const command = context.tool?.actionType === 'execute_command' ? context.action?.payload['command'] : undefined;
  if (typeof command !== 'string') return proceed(context);
  const scripts: ScriptRead[] = [];
  for (const key of scriptsRunBy(command, { workspace: deps.workspace })) {
    const read = readScript(deps.workspace, key);
    if (read !== undefined) scripts.push(read);
  }
  return proceed(scripts.length === 0 ? context : { ...context, scripts });
};

function readScript(workspace: string, key: string): ScriptRead | undefined {
  let fd: number | undefined;
  try {
    const path = canonicalPath(key);
    if (!isWithin(workspace, path) || path === workspace) return undefined;
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > MAX_SCRIPT_BYTES) return undefined;
    const bytes = Buffer.alloc(stats.size);
    if (readSync(fd, bytes, 0, stats.size, 0) !== stats.size) return undefined;
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\0')) return undefined;
    const target = {
      field: 'command',
      access: 'read' as const,
      requested: key,
      path,
      kind: 'file' as const,
      // What verify's pathState gives for the file as it was read.
      fingerprint: contentFingerprint(bytes),
      inode: `${stats.dev}:${stats.ino}`,
    };
    return { key, text, target };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
