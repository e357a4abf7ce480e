import { summarizePayload, excerpt } from './summarize.js';
import { halt, proceed, type Stage } from './types.js';

export const EVENT_ARGUMENTS_MAX_CHARS = 8192;

/** Records the action and its PROPOSED audit row (one transaction), then tells clients it started. */
export const auditProposedStage: Stage = (context, deps) => {
  const { tool, action, actionHash, proposal } = context;
  if (!tool || !action || !actionHash) return halt('audit', 'INTERNAL', 'audit stage ran before action');
  const payload = deps.redactor.redactValue(summarizePayload(action.payload));
  deps.store.transaction(() => {
    deps.store.actions.insert({
      id: action.id,
      sessionId: proposal.sessionId,
      turnId: proposal.turnId,
      callId: proposal.callId,
      toolName: tool.name,
      type: action.type,
      payload,
      actionHash,
      proposedAt: action.ts ?? deps.now().toISOString(),
    });
    deps.store.audit.append('PROPOSED', {
      sessionId: proposal.sessionId,
      actionId: action.id,
      data: { turnId: proposal.turnId, callId: proposal.callId, tool: tool.name, type: action.type, payload, actionHash },
    });
  });
  context.emit({
    type: 'action_started',
    actionId: action.id,
    callId: proposal.callId,
    toolName: tool.name,
    actionType: action.type,
    argumentsJson: excerpt(deps.redactor.redact(proposal.argumentsJson), EVENT_ARGUMENTS_MAX_CHARS),
    actionHash,
  });
  return proceed({ ...context, proposed: true });
};
