import type { EngineEvent } from '@parapet/wire/client';

/** What an event costs to hold beyond its text: the object, its envelope strings, its wire framing. */
export const EVENT_OVERHEAD_BYTES = 256;

/**
 * Roughly what holding `event` costs, in bytes: the overhead plus its variable-length text. Counted
 * in UTF-16 code units times two, as V8 may store them; exact enough to bound a queue.
 */
export function eventSize(event: EngineEvent): number {
  return EVENT_OVERHEAD_BYTES + 2 * variableText(event);
}

function variableText(event: EngineEvent): number {
  switch (event.type) {
    case 'llm_token':
      return event.text.length;
    case 'session_created':
      return event.title.length;
    case 'session_labeled':
      return event.source.length + event.actionId.length;
    case 'message_stored':
    case 'turn_queued':
    case 'history_compacted':
      return 0;
    case 'subagent':
      return event.childSessionId.length + event.childTurnId.length + event.parentCallId.length + event.errorCode.length;
    case 'action_started':
      return event.argumentsJson.length + event.toolName.length;
    case 'shield_verdict':
      return event.reason.length + event.ruleIds.reduce((sum, id) => sum + id.length, 0);
    case 'action_completed':
      return event.output.length + event.toolName.length;
    case 'response_complete':
      return event.content.length + event.thoughts.length;
    case 'approval_required':
    case 'approval_resolved':
      return event.approval.summary.length + event.approval.diff.length + event.approval.reason.length;
    case 'error':
      return event.message.length;
    case 'llm_retry':
      return event.model.length + event.reason.length;
    case 'model_failover':
      return event.fromModel.length + event.toModel.length + event.reason.length;
    case 'turn_capped':
      return event.message.length;
  }
}
