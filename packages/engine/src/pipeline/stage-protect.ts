import type { Tier } from '@parapet/shield';
import { isWithin } from '../config/paths.js';
import { guardedFileTouched, HUMAN_TIER } from './prompt-files.js';
import { EXTERNAL_FLOW_TIER, externalFlowReason, secretFlowReason } from './stage-ifc.js';
import { halt, proceed, type Stage, type Target } from './types.js';

/** Deleting a whole tree is never cleared by a policy rule alone: tier 1 must judge it too. */
export const TREE_DELETE_MIN_TIER: Tier = 1;

/**
 * Hard-coded protection, before any policy: the workspace boundary, the engine's own state, the
 * files that shape the system prompt (a human must approve a change) and MEMORY.md (memory tools only).
 */
export const protectStage: Stage = (context, deps) => {
  const { tool, targets } = context;
  if (!tool || !targets) return halt('protect', 'INTERNAL', 'protect stage ran before enrich');
  // A stat per protected path, taken only when a target could be another name of one of them.
  let inodes: ReadonlySet<string> | undefined;
  const protectedInodes = (): ReadonlySet<string> => (inodes ??= deps.protection.inodes());
  let minTier = context.minTier;
  if (tool.actionType === 'delete_directory' && context.args?.['recursive'] === true) minTier = Math.max(minTier, TREE_DELETE_MIN_TIER) as Tier;
  let minTierReason = context.minTierReason;
  for (const target of targets) {
    const named = describe(target);
    if (!isWithin(deps.workspace, target.path)) {
      return halt('protect', 'PATH_OUTSIDE_WORKSPACE', `${named} is outside the workspace (${deps.workspace}): refused`);
    }
    if (touchesEngineState(target, deps.protection.paths, protectedInodes)) {
      return halt('protect', 'PATH_PROTECTED', `${named} is the engine's own state (database, config, tokens or policy): refused`);
    }
    if (target.access !== 'write') continue;
    if (target.path === deps.workspace) {
      return halt('protect', 'PATH_PROTECTED', `${named} is the workspace root itself: refused`);
    }
    const guarded = guardedFileTouched(deps.workspace, target);
    if (guarded?.kind === 'memory') {
      return halt('protect', 'PATH_PROTECTED', `${named} touches ${guarded.name}, which changes only through the memory tools: refused`);
    }
    if (guarded) {
      if (HUMAN_TIER > deps.maxAllowTier) {
        return halt(
          'protect',
          'PATH_PROTECTED',
          `${named} touches ${guarded.name}, which shapes the agent's system prompt: writing, moving or deleting it needs a human to approve (tier ${HUMAN_TIER}), and no approval is available: refused`,
        );
      }
      minTier = Math.max(minTier, HUMAN_TIER) as Tier;
      minTierReason = `${named} touches ${guarded.name}, which shapes the agent's system prompt: only a human may change it`;
    }
  }
  const external = externalFlowReason(context, deps);
  if (external !== undefined && minTier < EXTERNAL_FLOW_TIER) {
    minTier = EXTERNAL_FLOW_TIER;
    minTierReason = minTierReason === undefined ? external : `${minTierReason}; ${external}`;
  }
  const flow = secretFlowReason(context, deps);
  if (flow !== undefined && HUMAN_TIER <= deps.maxAllowTier) {
    minTier = HUMAN_TIER;
    minTierReason = minTierReason === undefined ? flow : `${minTierReason}; ${flow}`;
  }
  return proceed({ ...context, minTier, ...(minTierReason === undefined ? {} : { minTierReason }) });
};

function describe(target: Target): string {
  return target.requested === target.path ? target.path : `${target.requested} (${target.path})`;
}

/**
 * Inside a protected path, an ancestor of one (for changes), or a hard link to one. A regular file
 * with a single name is none of the last: a protected file it shared an inode with would be a second name.
 */
function touchesEngineState(target: Target, protectedPaths: readonly string[], inodes: () => ReadonlySet<string>): boolean {
  for (const protectedPath of protectedPaths) {
    if (isWithin(protectedPath, target.path)) return true;
    if (target.access === 'write' && isWithin(target.path, protectedPath)) return true;
  }
  if (target.inode === undefined || target.soleLink === true) return false;
  return inodes().has(target.inode);
}
