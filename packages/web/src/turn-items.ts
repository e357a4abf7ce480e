import type {
  ActionCompleted__Output,
  ActionStarted__Output,
  Approval__Output,
  Event__Output,
  ShieldVerdict__Output,
  StoredMessage__Output,
} from '@parapet/wire/messages';
import { eventFromProto, turnNotice } from '@parapet/wire/client';

/** One tool call as the page shows it, filled in as its events arrive. */
export interface ActionView {
  readonly started: ActionStarted__Output;
  readonly startedAt: string;
  readonly verdict?: ShieldVerdict__Output;
  readonly completed?: ActionCompleted__Output;
  readonly completedAt?: string;
}

export type ChatItem =
  | { readonly kind: 'user'; readonly key: string; readonly text: string; readonly queuedAhead?: number }
  | { readonly kind: 'assistant'; readonly key: string; readonly text: string; readonly streaming: boolean }
  | { readonly kind: 'action'; readonly key: string; readonly action: ActionView }
  | { readonly kind: 'approval'; readonly key: string; readonly approval: Approval__Output }
  | { readonly kind: 'error'; readonly key: string; readonly code: string; readonly message: string }
  /** A retry, a move to another model, a cap or a compacted history: said about the turn, not by the model. */
  | { readonly kind: 'notice'; readonly key: string; readonly text: string };

export function itemsFromHistory(messages: readonly StoredMessage__Output[]): ChatItem[] {
  return messages
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .map((message) =>
      message.role === 'user'
        ? { kind: 'user', key: message.id, text: message.content }
        : { kind: 'assistant', key: message.id, text: message.content, streaming: false },
    );
}

/**
 * The card of one call. A call refused before the engine recorded an action (over the reply's cap,
 * an unknown tool, bad arguments) has no action id: its card is the first one of that call still open.
 */
function actionIndex(items: readonly ChatItem[], actionId: string, callId: string): number {
  if (actionId !== '') return items.findIndex((item) => item.kind === 'action' && item.action.started.action_id === actionId);
  return items.findIndex((item) => item.kind === 'action' && item.action.started.action_id === '' && item.action.started.call_id === callId && !item.action.completed);
}

function updateAction(items: ChatItem[], actionId: string, callId: string, change: (action: ActionView) => ActionView): ChatItem[] {
  const index = actionIndex(items, actionId, callId);
  return index === -1 ? items : items.map((item, at) => (at === index && item.kind === 'action' ? { ...item, action: change(item.action) } : item));
}

/** The words the CLI and the Telegram bot use for the same event; a malformed one shows nothing rather than breaking the page. */
function noticeOf(event: Event__Output): string | undefined {
  try {
    const known = eventFromProto(event);
    return known ? turnNotice(known) : undefined;
  } catch {
    return undefined;
  }
}

/** The streaming answer of this turn is the last assistant item still streaming. */
function appendToken(items: ChatItem[], key: string, text: string): ChatItem[] {
  const last = items[items.length - 1];
  if (last?.kind === 'assistant' && last.streaming) return [...items.slice(0, -1), { ...last, text: last.text + text }];
  return [...items, { kind: 'assistant', key: `${key}-${items.length}`, text, streaming: true }];
}

/**
 * The newer of two views of one approval: an answer is final, so a late "pending" (a replay, a
 * slower stream) never reopens a card that another client already answered.
 */
export function laterApproval(known: Approval__Output | undefined, incoming: Approval__Output): Approval__Output {
  return known && known.state !== 'pending' && incoming.state === 'pending' ? known : incoming;
}

/** Shows `approval` as its card: a new card when it is new here, else the card updated in place. */
export function withApproval(items: ChatItem[], approval: Approval__Output): ChatItem[] {
  const key = `approval-${approval.id}`;
  const index = items.findIndex((item) => item.key === key);
  if (index === -1) return [...items, { kind: 'approval', key, approval }];
  const current = items[index];
  if (current?.kind !== 'approval') return items;
  const next = laterApproval(current.approval, approval);
  return next === current.approval ? items : items.map((item, at) => (at === index ? { ...current, approval: next } : item));
}

/** Folds one event of a running turn into the conversation. */
export function applyEvent(items: ChatItem[], event: Event__Output, userKey: string): ChatItem[] {
  switch (event.kind) {
    case 'turn_queued':
      return items.map((item) => (item.key === userKey && item.kind === 'user' ? { ...item, queuedAhead: event.turn_queued?.turns_ahead ?? 0 } : item));
    case 'message_stored':
      if (event.message_stored?.role === 'user') {
        return items.map((item) => (item.key === userKey && item.kind === 'user' ? { kind: 'user', key: item.key, text: item.text } : item));
      }
      return items;
    case 'llm_token':
      return appendToken(items, userKey, event.llm_token?.text ?? '');
    case 'action_started': {
      const started = event.action_started;
      if (!started) return items;
      const closed = items.map((item) => (item.kind === 'assistant' && item.streaming ? { ...item, streaming: false } : item));
      const key = started.action_id !== '' ? `action-${started.action_id}` : `${userKey}-call-${items.length}`;
      return [...closed, { kind: 'action', key, action: { started, startedAt: event.ts } }];
    }
    case 'shield_verdict': {
      const verdict = event.shield_verdict;
      // The Shield judges recorded actions only: a verdict without an action id belongs to no card.
      return verdict && verdict.action_id !== '' ? updateAction(items, verdict.action_id, '', (action) => ({ ...action, verdict })) : items;
    }
    case 'action_completed': {
      const completed = event.action_completed;
      return completed ? updateAction(items, completed.action_id, completed.call_id, (action) => ({ ...action, completed, completedAt: event.ts })) : items;
    }
    case 'approval_required':
    case 'approval_resolved': {
      const approval = event.approval_required?.approval ?? event.approval_resolved?.approval;
      return approval ? withApproval(items, approval) : items;
    }
    case 'response_complete': {
      // The answer replaces what streamed of it, also when a notice (a retry, the token cap) came after the stream.
      const content = event.response_complete?.content ?? '';
      const settled = items.filter((item) => !(item.kind === 'assistant' && item.streaming));
      return [...settled, { kind: 'assistant', key: event.response_complete?.message_id || `${userKey}-answer`, text: content, streaming: false }];
    }
    case 'error':
      return [
        ...items.map((item) => (item.kind === 'assistant' && item.streaming ? { ...item, streaming: false } : item)),
        { kind: 'error', key: `${userKey}-error-${items.length}`, code: event.error?.code ?? 'INTERNAL', message: event.error?.message ?? '' },
      ];
    case 'llm_retry':
    case 'model_failover':
    case 'turn_capped':
    case 'history_compacted': {
      const text = noticeOf(event);
      return text === undefined ? items : [...items, { kind: 'notice', key: `${userKey}-notice-${items.length}`, text }];
    }
    default:
      return items;
  }
}

/** Milliseconds between two RFC 3339 times, or undefined when either is missing. */
export function durationMs(from: string, to: string | undefined): number | undefined {
  if (!to) return undefined;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) ? ms : undefined;
}
