import path from 'node:path';
import { actionHash, type ActionRequest } from '@parapet/shield';
import { canonicalPath, expandTilde } from '../config/paths.js';
import { pathState } from './fingerprint.js';
import { halt, proceed, type ProposalContext, type Stage, type Target } from './types.js';

/** Resolves a path argument the way the executor will see it: relative to the workspace. */
export function resolveRequested(workspace: string, requested: string): string {
  return canonicalPath(path.resolve(workspace, expandTilde(requested)));
}

/**
 * Resolves every path field to its canonical absolute path and records what is there now. The
 * action is rebuilt with the resolved paths and hashed: the Shield judges, and the executor uses,
 * exactly those. A refusal here records the hash of the action as proposed.
 */
export const enrichStage: Stage = (context, deps) => {
  const { tool, action } = context;
  if (!tool || !action) return halt('enrich', 'INTERNAL', 'enrich stage ran before action');
  const targets: Target[] = [];
  const payload: Record<string, unknown> = { ...action.payload };
  for (const { field, access } of tool.paths) {
    const requested = action.payload[field];
    if (typeof requested !== 'string') return halt('enrich', 'TOOL_ARGUMENTS_INVALID', `${tool.name}: ${field} must be a path`, hashed(context, action));
    try {
      const resolved = resolveRequested(deps.workspace, requested);
      const state = pathState(resolved);
      targets.push({
        field,
        access,
        requested,
        path: resolved,
        kind: state.kind,
        fingerprint: state.fingerprint,
        ...(state.inode !== undefined ? { inode: state.inode } : {}),
        ...(state.soleLink !== undefined ? { soleLink: state.soleLink } : {}),
      });
      payload[field] = resolved;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return halt('enrich', 'INVALID_ARGUMENT', `${tool.name}: cannot resolve ${field} ${JSON.stringify(requested)} (${code})`, hashed(context, action));
    }
  }
  const enriched: ActionRequest = Object.freeze({ ...action, payload: Object.freeze(payload) });
  return proceed({ ...context, action: enriched, actionHash: actionHash(enriched), targets: Object.freeze(targets) });
};

function hashed(context: ProposalContext, action: ActionRequest): ProposalContext {
  return { ...context, actionHash: actionHash(action) };
}
