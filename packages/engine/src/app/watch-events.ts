import type { Broadcaster, EventRecorder } from '../events/index.js';
import type { EngineEvent, EventStreamHooks, WatchInput } from '@parapet/wire/client';
import type { Store } from '../storage/index.js';
import type { ApprovalDesk } from '../approvals/index.js';
import { toApprovalView } from '../approvals/index.js';

/** Most stored events one watch replays; the table keeps about this many per session anyway. */
export const MAX_REPLAYED_EVENTS = 2000;

export interface WatchDeps {
  readonly store: Store;
  readonly bus: Broadcaster;
  readonly recorder: EventRecorder;
  readonly approvals: ApprovalDesk | undefined;
}

/**
 * A session's events for any client, or every session's approvals. Subscribing, writing out what
 * is queued and reading the stored events happen in one synchronous step, so the replay ends
 * exactly where the live stream begins: every event once.
 */
export async function* watchEvents(
  deps: WatchDeps,
  input: WatchInput,
  signal: AbortSignal,
  hooks: EventStreamHooks = {},
): AsyncIterable<readonly EngineEvent[]> {
  const { sessionId } = input;
  if (sessionId !== undefined) deps.store.sessions.existing(sessionId);
  const subscription = sessionId === undefined ? deps.bus.subscribeApprovals() : deps.bus.subscribe(sessionId);
  const stop = (): void => subscription.close();
  signal.addEventListener('abort', stop, { once: true });
  if (hooks.onDropped) subscription.onDropped(hooks.onDropped);
  try {
    let first: EngineEvent[] = [];
    if (sessionId !== undefined && input.afterSeq !== undefined) {
      deps.recorder.flush();
      first = deps.store.events.after(sessionId, input.afterSeq, MAX_REPLAYED_EVENTS).map((body) => JSON.parse(body) as EngineEvent);
    } else if (sessionId === undefined && deps.approvals) {
      // What waits for an answer right now, so a watcher that connects late can still answer it.
      first = deps.store.approvals.list({ pendingOnly: true, limit: MAX_REPLAYED_EVENTS }).map((record) => ({
        sessionId: record.sessionId,
        turnId: record.turnId,
        seq: 0,
        ts: record.requestedAt,
        type: 'approval_required' as const,
        approval: toApprovalView(record),
      }));
    }
    hooks.onLive?.();
    if (first.length > 0) yield first;
    for await (const batch of subscription) {
      if (batch.length > 0) yield batch;
      if (subscription.dropped || signal.aborted) return;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    subscription.close();
  }
}
