import { ParapetError } from '@parapet/wire';
import { snapshotScope } from './snapshot-scope.js';
import { halt, proceed, type PipelineDeps, type ProposalContext, type Stage } from './types.js';

/**
 * Stage 8: keeps a copy of everything the action may change, in the chronicle, so a user can undo
 * it. No copy, no action: a snapshot that fails denies the action.
 */
export const snapshotStage: Stage = (context, deps) => {
  const { tool, action, targets } = context;
  if (!tool || !action || !targets) return halt('snapshot', 'INTERNAL', 'snapshot stage ran before verify');
  const scope = snapshotScope(tool, targets);
  if (!scope) return proceed(context);
  try {
    const snapshot = deps.chronicle.snapshot({ sessionId: context.proposal.sessionId, actionId: action.id, toolName: tool.name, scope });
    return proceed({ ...context, snapshotId: snapshot.id });
  } catch (error) {
    const reason = error instanceof ParapetError ? error.message : String(error);
    deps.logger.error({ err: deps.redactor.redact(reason), tool: tool.name }, 'snapshot failed; denying the action');
    return halt('snapshot', 'SNAPSHOT_FAILED', `${tool.name}: no snapshot could be taken, so the action could not be undone: refused (${reason})`);
  }
};

/** After the action (done or failed): the chronicle notes what actually changed. Never denies. */
export function recordSnapshotChanges(context: ProposalContext, deps: PipelineDeps): void {
  if (context.snapshotId === undefined) return;
  try {
    const snapshot = deps.store.chronicle.get(context.snapshotId);
    if (snapshot) deps.chronicle.recordChanges(snapshot);
  } catch (error) {
    deps.logger.error({ err: deps.redactor.redact(String(error)), snapshotId: context.snapshotId }, 'could not record what the action changed');
  }
}
