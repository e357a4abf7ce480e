import { statSync } from 'node:fs';
import path from 'node:path';
import type { Tier } from '@parapet/shield';
import { canonicalPath, isWithin } from '../config/paths.js';
import type { Target } from './types.js';

/** Files whose content becomes the agent's instructions: only a human (tier 3) may change them. */
export const PROMPT_FILE_NAMES = ['IDENTITY.md', 'SOUL.md', 'USER.md', 'AGENTS.md', 'HEARTBEAT.md', 'PROMPT.md'] as const;
/** Changed only by the memory tools, which keep what they store as quoted notes. */
export const MEMORY_FILE_NAME = 'MEMORY.md';

export const HUMAN_TIER: Tier = 3;

export type GuardedFile = { readonly name: string; readonly kind: 'prompt' | 'memory' };

const GUARDED: ReadonlyMap<string, GuardedFile> = new Map(
  [...PROMPT_FILE_NAMES.map((name) => ({ name, kind: 'prompt' as const })), { name: MEMORY_FILE_NAME, kind: 'memory' as const }].map(
    (file) => [file.name.toLowerCase(), file],
  ),
);

/**
 * The guarded file a change of `target` would reach, if any: by name in any letter case (other
 * file systems fold case), by the canonical path of the workspace's own copy (a symlink named
 * USER.md leads elsewhere), by inode (a hard link), or as a folder holding one of them (a move or
 * delete of the folder takes the file along).
 */
export function guardedFileTouched(workspace: string, target: Target): GuardedFile | undefined {
  const byName = GUARDED.get(path.basename(target.path).toLowerCase()) ?? GUARDED.get(path.basename(target.requested).toLowerCase());
  if (byName) return byName;
  for (const file of GUARDED.values()) {
    let real: string;
    try {
      real = canonicalPath(path.join(workspace, file.name));
    } catch {
      // Unresolvable (a symlink loop): the file cannot be loaded either.
      continue;
    }
    if (isWithin(target.path, real)) return file;
    if (target.inode !== undefined && target.inode === inodeOf(real)) return file;
  }
  return undefined;
}

function inodeOf(canonical: string): string | undefined {
  const stats = statSync(canonical, { throwIfNoEntry: false });
  return stats ? `${stats.dev}:${stats.ino}` : undefined;
}
