import path from 'node:path';
import type { Tier } from '@parapet/shield';
import { isWithin } from '../config/paths.js';
import { halt, proceed, type Stage, type Target } from './types.js';

/** Identity files the agent may read but never change. */
const READ_ONLY_NAMES = new Set(['soul.md', 'identity.md']);
/** Files that steer future behaviour: changing them needs a Shield tier that understands content. */
const TIERED_NAMES: ReadonlyMap<string, Tier> = new Map([
  ['memory.md', 1],
  ['user.md', 1],
  ['agents.md', 2],
  ['heartbeat.md', 2],
]);

/**
 * Hard-coded protection, before any policy: the workspace boundary, the engine's own state,
 * read-only identity files and files that need a higher Shield tier than is available.
 */
export const protectStage: Stage = (context, deps) => {
  const { tool, targets } = context;
  if (!tool || !targets) return halt('protect', 'INTERNAL', 'protect stage ran before enrich');
  const inodes = deps.protection.inodes();
  let minTier = context.minTier;
  for (const target of targets) {
    const named = describe(target);
    if (!isWithin(deps.workspace, target.path)) {
      return halt('protect', 'PATH_OUTSIDE_WORKSPACE', `${named} is outside the workspace (${deps.workspace}): refused`);
    }
    if (touchesEngineState(target, deps.protection.paths, inodes)) {
      return halt('protect', 'PATH_PROTECTED', `${named} is the engine's own state (database, config, tokens or policy): refused`);
    }
    if (target.access !== 'write') continue;
    if (target.path === deps.workspace) {
      return halt('protect', 'PATH_PROTECTED', `${named} is the workspace root itself: refused`);
    }
    const name = path.basename(target.path).toLowerCase();
    if (READ_ONLY_NAMES.has(name)) {
      return halt('protect', 'PATH_PROTECTED', `${named} is read-only: the agent may read it but not change, move or delete it`);
    }
    const needed = TIERED_NAMES.get(name);
    if (needed !== undefined) {
      if (needed > deps.maxAllowTier) {
        return halt(
          'protect',
          'PATH_PROTECTED',
          `${named} shapes the agent's future behaviour: changing it needs Shield tier ${needed} or higher, and only tier ${deps.maxAllowTier} is available: refused`,
        );
      }
      minTier = Math.max(minTier, needed) as Tier;
    }
  }
  return proceed({ ...context, minTier });
};

function describe(target: Target): string {
  return target.requested === target.path ? target.path : `${target.requested} (${target.path})`;
}

/** Inside a protected path, an ancestor of one (for changes), or a hard link to one. */
function touchesEngineState(target: Target, protectedPaths: readonly string[], inodes: ReadonlySet<string>): boolean {
  for (const protectedPath of protectedPaths) {
    if (isWithin(protectedPath, target.path)) return true;
    if (target.access === 'write' && isWithin(target.path, protectedPath)) return true;
  }
  return target.inode !== undefined && inodes.has(target.inode);
}
