import type { ActionRequest } from '@parapet/shield';
import { halt, proceed, type Stage } from './types.js';

/** Builds the immutable ActionRequest; enrich hashes it once its paths are resolved. */
export const actionStage: Stage = (context, deps) => {
  const { tool, args } = context;
  if (!tool || !args) return halt('action', 'INTERNAL', 'action stage ran before parse');
  const action: ActionRequest = Object.freeze({
    id: deps.newId(),
    type: tool.actionType,
    payload: Object.freeze({ ...args }),
    session: context.proposal.sessionId,
    ts: deps.now().toISOString(),
  });
  return proceed({ ...context, action });
};
