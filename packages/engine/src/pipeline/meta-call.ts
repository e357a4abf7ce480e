import type { Redactor } from '../redact/redactor.js';
import type { Store } from '../storage/open-store.js';
import { excerpt } from './summarize.js';

const ARGUMENTS_EXCERPT_CHARS = 1024;

/** A meta-tool call (`load_tools`): answered by the engine without an action, audited all the same. */
export interface MetaToolCall {
  readonly sessionId: string;
  readonly turnId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly argumentsJson: string;
  /** What it gave the agent, or why it was refused. */
  readonly outcome: { readonly granted: readonly string[] } | { readonly code: string; readonly reason: string };
}

/** PROPOSED, then EXECUTED or REFUSED, in one transaction (DESIGN §5: meta-tools included). */
export function auditMetaToolCall(store: Store, redactor: Redactor, call: MetaToolCall): void {
  const base = { turnId: call.turnId, callId: call.callId, tool: call.toolName };
  store.transaction(() => {
    store.audit.append('PROPOSED', {
      sessionId: call.sessionId,
      data: { ...base, argumentsJson: excerpt(redactor.redact(call.argumentsJson), ARGUMENTS_EXCERPT_CHARS) },
    });
    if ('granted' in call.outcome) {
      store.audit.append('EXECUTED', { sessionId: call.sessionId, data: { ...base, granted: [...call.outcome.granted] } });
    } else {
      store.audit.append('REFUSED', {
        sessionId: call.sessionId,
        data: { ...base, stage: 'meta', code: call.outcome.code, reason: redactor.redact(call.outcome.reason) },
      });
    }
  });
}
