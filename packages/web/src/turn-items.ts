import type {
  ActionCompleted__Output,
  ActionStarted__Output,
  Approval__Output,
  Event__Output,
  ShieldVerdict__Output,
  StoredMessage__Output,
} from '@parapet/wire/messages';

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
  | { readonly kind: 'error'; readonly key: string; readonly code: string; readonly message: string };

export function itemsFromHistory(messages: readonly StoredMessage__Output[]): ChatItem[] {
  return messages
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .map((message) =>
      message.role === 'user'
        ? { kind: 'user', key: message.id, text: message.content }
        : { kind: 'assistant', key: message.id, text: message.content, streaming: false },
    );
}

function updateAction(items: ChatItem[], actionId: string, change: (action: ActionView) => ActionView): ChatItem[] {
  return items.map((item) => (item.kind === 'action' && item.action.started.action_id === actionId ? { ...item, action: change(item.action) } : item));
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
      return [...closed, { kind: 'action', key: `action-${started.action_id}`, action: { started, startedAt: event.ts } }];
    }
    case 'shield_verdict': {
      const verdict = event.shield_verdict;
      return verdict ? updateAction(items, verdict.action_id, (action) => ({ ...action, verdict })) : items;
    }
    case 'action_completed': {
      const completed = event.action_completed;
      return completed ? updateAction(items, completed.action_id, (action) => ({ ...action, completed, completedAt: event.ts })) : items;
    }
    case 'approval_required':
    case 'approval_resolved': {
      const approval = event.approval_required?.approval ?? event.approval_resolved?.approval;
      return approval ? withApproval(items, approval) : items;
    }
    case 'response_complete': {
      const content = event.response_complete?.content ?? '';
      const last = items[items.length - 1];
      const settled = last?.kind === 'assistant' && last.streaming ? items.slice(0, -1) : items;
      return [...settled, { kind: 'assistant', key: event.response_complete?.message_id || `${userKey}-answer`, text: content, streaming: false }];
    }
    case 'error':
      return [
        ...items.map((item) => (item.kind === 'assistant' && item.streaming ? { ...item, streaming: false } : item)),
        { kind: 'error', key: `${userKey}-error-${items.length}`, code: event.error?.code ?? 'INTERNAL', message: event.error?.message ?? '' },
      ];
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
