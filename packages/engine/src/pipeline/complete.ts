import type { AuditKind } from '../storage/types.js';
import { EVENT_ARGUMENTS_MAX_CHARS } from './stage-audit-proposed.js';
import { excerpt, summarizePayload } from './summarize.js';
import type { Halt, PipelineDeps, ProposalContext, ToolCallResult } from './types.js';
import { appendEvaluated } from './verdict-rows.js';

export const EVENT_OUTPUT_MAX_CHARS = 8192;

/**
 * The last step on every path: audit EXECUTED / FAILED / REFUSED, record the result, and close
 * the action for clients (action_started is sent here too if the proposal halted before it). A
 * verdict not stored yet (a denial, or a read-only tool) is stored first, in the same transaction.
 */
export function completeProposal(context: ProposalContext, outcome: Halt | undefined, deps: PipelineDeps): ToolCallResult {
  const { proposal, tool, action } = context;
  const toolName = tool?.name ?? proposal.toolName;
  const isError = outcome !== undefined;
  const content = outcome ? deps.redactor.redact(`[${outcome.code}] ${outcome.message}`) : (context.output ?? '');
  const kind: AuditKind = !outcome ? 'EXECUTED' : outcome.stage === 'execute' ? 'FAILED' : 'REFUSED';

  let labeled: { readonly label: 'secret' | 'external'; readonly source: string } | undefined;
  deps.store.transaction(() => {
    if (action && !context.proposed) {
      deps.store.actions.insert({
        id: action.id,
        sessionId: proposal.sessionId,
        turnId: proposal.turnId,
        callId: proposal.callId,
        toolName,
        type: action.type,
        payload: deps.redactor.redactValue(summarizePayload(action.payload)),
        actionHash: context.actionHash ?? '',
        proposedAt: action.ts ?? deps.now().toISOString(),
      });
    }
    const unrecorded = context.verdictRecorded ? undefined : context.verdict;
    if (action) {
      deps.store.actions.recordResult(
        action.id,
        { isError, output: content, ...(outcome ? { errorCode: outcome.code } : {}) },
        unrecorded ? { verdict: unrecorded, evaluatedAt: context.evaluatedAt ?? deps.now().toISOString() } : undefined,
      );
    }
    if (unrecorded) appendEvaluated(context, unrecorded, deps);
    deps.store.audit.append(kind, {
      sessionId: proposal.sessionId,
      ...(action ? { actionId: action.id } : {}),
      data: {
        turnId: proposal.turnId,
        callId: proposal.callId,
        tool: toolName,
        ...(outcome
          ? { stage: outcome.stage, code: outcome.code, reason: deps.redactor.redact(outcome.message) }
          : { outputChars: content.length }),
        ...(action ? {} : { argumentsJson: excerpt(deps.redactor.redact(proposal.argumentsJson), 1024) }),
      },
    });
    if (!outcome && context.flowLabel) labeled = recordLabel(context.flowLabel, proposal.sessionId, action?.id ?? null, deps);
  });

  if (!context.proposed) {
    context.emit({
      type: 'action_started',
      actionId: action?.id ?? '',
      callId: proposal.callId,
      toolName,
      actionType: action?.type ?? '',
      argumentsJson: excerpt(deps.redactor.redact(proposal.argumentsJson), EVENT_ARGUMENTS_MAX_CHARS),
      actionHash: context.actionHash ?? '',
    });
  }
  context.emit({
    type: 'action_completed',
    actionId: action?.id ?? '',
    callId: proposal.callId,
    toolName,
    isError,
    output: excerpt(content, EVENT_OUTPUT_MAX_CHARS),
    errorCode: outcome?.code ?? '',
  });
  if (labeled) context.emit({ type: 'session_labeled', label: labeled.label, source: labeled.source, actionId: action?.id ?? '' });
  return outcome ? { content, isError: true, errorCode: outcome.code } : { content, isError: false };
}

/**
 * The session keeps each (label, source) once; a new secret or external one is audited and
 * returned, for the event that tells the clients.
 */
function recordLabel(
  flow: NonNullable<ProposalContext['flowLabel']>,
  sessionId: string,
  actionId: string | null,
  deps: PipelineDeps,
): { readonly label: 'secret' | 'external'; readonly source: string } | undefined {
  const source = deps.redactor.redact(flow.source);
  const { label } = flow;
  // Reading the workspace is the usual case: one row says the session did, not one per read.
  if (label === 'workspace' && deps.store.labels.has(sessionId, 'workspace')) return undefined;
  if (!deps.store.labels.add(sessionId, label, source, actionId) || label === 'workspace') return undefined;
  deps.store.audit.append('LABELED', { sessionId, ...(actionId ? { actionId } : {}), data: { label, source } });
  return { label, source };
}
