import { oneLine, turnNotice, type EngineEvent } from '@parapet/wire/client';
import { renderApprovalRequest, renderApprovalResolved } from './approval-prompt.js';

export interface Writer {
  write(text: string): unknown;
}

/** How a turn ended, as the exit code and the chat loop need it. */
export interface TurnOutcome {
  readonly sessionId: string | undefined;
  readonly completed: boolean;
  readonly error: { readonly code: string; readonly message: string } | undefined;
}

export interface TurnRenderer {
  event(event: EngineEvent): void;
  /**
   * Call when the stream ended, with the transport error if it broke. A turn that ends without an
   * answer or an error event counts as failed.
   */
  finish(transportError?: { readonly code: string; readonly message: string }): TurnOutcome;
}

/** How a terminal may dress a turn: colour for actions and verdicts, a formatter for the answer (Markdown). */
export interface TurnStyle {
  readonly color?: boolean;
  readonly answer?: { push(text: string): string; flush(): string };
}

const VERDICT_COLORS: Readonly<Record<string, string>> = { ALLOW: '32', BLOCK: '31', ESCALATE: '33' };

/** Codes meaning the action was refused on purpose, as opposed to having failed while running. */
const REFUSAL_CODES = new Set([
  'SHIELD_BLOCKED',
  'SHIELD_ESCALATED',
  'PATH_OUTSIDE_WORKSPACE',
  'PATH_PROTECTED',
  'NETWORK_ADDRESS_REFUSED',
  'HASH_MISMATCH',
  'APPROVAL_TIMEOUT',
  'APPROVAL_DENIED',
]);

function verdictLine(event: Extract<EngineEvent, { type: 'shield_verdict' }>): string {
  const rules = event.ruleIds.length > 0 ? `, ${event.ruleIds.join(', ')}` : '';
  const why = event.decision === 'ALLOW' || event.reason === '' ? '' : `: ${oneLine(event.reason)}`;
  return `  shield: ${event.decision} (tier ${event.tier}${rules})${why}\n`;
}

function completionLine(event: Extract<EngineEvent, { type: 'action_completed' }>): string {
  if (!event.isError) return '  ✓ done\n';
  const verb = REFUSAL_CODES.has(event.errorCode) ? 'blocked' : 'failed';
  if (event.errorCode === '') return `  ✗ ${verb}: ${oneLine(event.output)}\n`;
  // The engine may already lead with the code ("[PATH_OUTSIDE_WORKSPACE] …"); say it once, at the end.
  const prefix = `[${event.errorCode}] `;
  const detail = event.output.startsWith(prefix) ? event.output.slice(prefix.length) : event.output;
  return `  ✗ ${verb}: ${oneLine(detail)} (${event.errorCode})\n`;
}

/**
 * Human rendering of a turn: streamed tokens as they come, each action with its verdict and
 * result, then the answer. Failures go to `err` as one line.
 */
export function createTurnRenderer(out: Writer, err: Writer, style: TurnStyle = {}): TurnRenderer {
  const paint = (code: string | undefined, text: string): string => (style.color && code ? `\u001b[${code}m${text}\u001b[0m` : text);
  let sessionId: string | undefined;
  let atLineStart = true;
  /** Text streamed since the last action: the answer, when the model streamed it. */
  let streamed = '';
  let completed = false;
  let error: TurnOutcome['error'];

  const write = (text: string): void => {
    if (text === '') return;
    out.write(text);
    atLineStart = text.endsWith('\n');
  };
  const answerText = (text: string): void => write(style.answer ? style.answer.push(text) : text);
  const startLine = (): void => {
    if (style.answer) write(style.answer.flush());
    if (!atLineStart) write('\n');
  };

  return {
    event(event) {
      sessionId ??= event.sessionId;
      switch (event.type) {
        case 'llm_token':
          answerText(event.text);
          streamed += event.text;
          return;
        case 'action_started':
          startLine();
          write(paint('36', `→ ${event.toolName} ${event.argumentsJson}`) + '\n');
          streamed = '';
          return;
        case 'shield_verdict':
          startLine();
          write(paint(VERDICT_COLORS[event.decision], verdictLine(event).trimEnd()) + '\n');
          return;
        case 'action_completed':
          startLine();
          write(paint(event.isError ? '31' : '32', completionLine(event).trimEnd()) + '\n');
          return;
        case 'response_complete':
          // A reply cut for its size streams only a prefix of what was stored: print the rest.
          if (streamed !== '' && event.content.startsWith(streamed)) answerText(event.content.slice(streamed.length));
          else if (streamed.trim() !== event.content.trim()) {
            startLine();
            answerText(event.content);
          }
          startLine();
          completed = true;
          return;
        case 'error':
          startLine();
          error = { code: event.code, message: event.message };
          err.write(`parapet: turn failed: ${oneLine(event.message)} (${event.code})\n`);
          return;
        case 'turn_queued':
          startLine();
          if (event.daemonAtCapacity) err.write(`(queued: the daemon runs as many turns as it may; ${event.turnsAhead} to end first)\n`);
          else err.write(`(queued: ${event.turnsAhead} earlier ${event.turnsAhead === 1 ? 'turn' : 'turns'} of this session first)\n`);
          return;
        case 'subagent':
          startLine();
          err.write(subagentLine(event));
          return;
        case 'approval_required':
          startLine();
          write(renderApprovalRequest(event.approval));
          return;
        case 'approval_resolved':
          startLine();
          write(renderApprovalResolved(event.approval));
          return;
        case 'session_labeled':
          startLine();
          err.write(`(session labeled ${event.label}: ${oneLine(event.source)})\n`);
          return;
        case 'llm_retry':
        case 'model_failover':
        case 'turn_capped':
        case 'history_compacted':
          startLine();
          err.write(`(${turnNotice(event) ?? ''})\n`);
          return;
        case 'session_created':
        case 'message_stored':
          return;
      }
    },
    finish(transportError) {
      startLine();
      if (transportError) {
        error = transportError;
        err.write(`parapet: ${oneLine(transportError.message)}\n`);
      } else if (!completed && !error) {
        error = { code: 'INTERNAL', message: 'the engine ended the turn without an answer' };
        err.write(`parapet: ${error.message}\n`);
      }
      return { sessionId, completed: completed && !error, error };
    },
  };
}

function subagentLine(event: Extract<EngineEvent, { type: 'subagent' }>): string {
  const who = `sub-agent (depth ${event.depth}, session ${event.childSessionId})`;
  if (!event.finished) return `(${who} started)\n`;
  return event.errorCode ? `(${who} failed: ${event.errorCode})\n` : `(${who} answered)\n`;
}
