import { MAX_COALESCED_TOKEN_CHARS, QueueSubscription, type Subscription } from './subscription.js';
import { SEQ_RESERVATION_BLOCK, type SeqLedger } from './seq-ledger.js';
import type { EngineEvent, EventBody } from '@parapet/wire/client';

export interface Broadcaster {
  /** Stamps `body` with the session's next seq and the time, and hands it to every subscriber. Never blocks. */
  publish(sessionId: string, turnId: string, body: EventBody): EngineEvent;
  subscribe(sessionId: string): Subscription;
  /** Every session's approval_required and approval_resolved events. */
  subscribeApprovals(): Subscription;
  approvalWatcherCount(): number;
  subscriberCount(sessionId: string): number;
}

export interface BroadcasterOptions {
  /**
   * Bytes of events (approximate, see eventSize) a subscriber may have waiting before it is
   * dropped. Token deltas waiting for a busy subscriber are merged, so this bounds memory, not
   * the length of an answer: only a reader that stopped reading reaches it.
   */
  readonly queueLimitBytes: number;
  /** Keeps seq monotonic across restarts; without one, numbering restarts with the process. */
  readonly seqLedger?: SeqLedger;
  /** Called with every stamped event, before any subscriber sees it (the engine stores them for replay). */
  readonly record?: (event: EngineEvent) => void;
  readonly now?: () => Date;
}

/** Below this a single coalesced token event could not fit, and every lagging reader would be dropped. */
export const MIN_QUEUE_LIMIT_BYTES = 4 * MAX_COALESCED_TOKEN_CHARS;

/** Per-session fan-out of pipeline events; a subscriber that stops reading is dropped, never waited for. */
export function createBroadcaster(options: BroadcasterOptions): Broadcaster {
  if (!Number.isInteger(options.queueLimitBytes) || options.queueLimitBytes < MIN_QUEUE_LIMIT_BYTES) {
    throw new RangeError(`createBroadcaster: queueLimitBytes must be an integer of at least ${MIN_QUEUE_LIMIT_BYTES}`);
  }
  const now = options.now ?? (() => new Date());
  const ledger = options.seqLedger;
  const subscribers = new Map<string, Set<QueueSubscription>>();
  const lastSeq = new Map<string, number>();
  const reservedSeq = new Map<string, number>();
  const approvalWatchers = new Set<QueueSubscription>();

  const remove = (subscription: QueueSubscription): void => {
    if (approvalWatchers.delete(subscription)) return;
    const set = subscribers.get(subscription.sessionId);
    set?.delete(subscription);
    if (set?.size === 0) subscribers.delete(subscription.sessionId);
  };

  const nextSeq = (sessionId: string): number => {
    let last = lastSeq.get(sessionId);
    if (last === undefined) {
      last = ledger?.reserved(sessionId) ?? 0;
      reservedSeq.set(sessionId, last);
    }
    const seq = last + 1;
    lastSeq.set(sessionId, seq);
    if (ledger && seq > (reservedSeq.get(sessionId) ?? 0)) {
      const upTo = seq + SEQ_RESERVATION_BLOCK - 1;
      ledger.reserve(sessionId, upTo);
      reservedSeq.set(sessionId, upTo);
    }
    return seq;
  };

  return {
    publish(sessionId, turnId, body) {
      const seq = nextSeq(sessionId);
      // Object.assign, not a spread plus extra keys: V8 builds that spread on a slow path (~3 µs an event).
      const event = Object.assign({}, body, { sessionId, turnId, seq, ts: now().toISOString() }) as EngineEvent;
      options.record?.(event);
      let behind: QueueSubscription[] | undefined;
      for (const subscription of subscribers.get(sessionId) ?? []) {
        if (!subscription.offer(event)) (behind ??= []).push(subscription);
      }
      // Once per approval: the copies published to a sub-agent's ancestors are for their sessions only.
      if ((body.type === 'approval_required' || body.type === 'approval_resolved') && body.approval.sessionId === sessionId) {
        for (const subscription of approvalWatchers) if (!subscription.offer(event)) (behind ??= []).push(subscription);
      }
      // Dropped after the loop: dropping removes the subscriber from the set being walked.
      for (const subscription of behind ?? []) {
        subscription.drop({
          sessionId,
          turnId,
          seq,
          ts: event.ts,
          type: 'error',
          code: 'SUBSCRIBER_DROPPED',
          message: `event stream dropped: this client stopped reading (more than ${options.queueLimitBytes} bytes of events waiting)`,
          retryable: true,
        });
      }
      return event;
    },
    subscribe(sessionId) {
      const subscription = new QueueSubscription(sessionId, options.queueLimitBytes, remove);
      let set = subscribers.get(sessionId);
      if (!set) {
        set = new Set();
        subscribers.set(sessionId, set);
      }
      set.add(subscription);
      return subscription;
    },
    subscribeApprovals() {
      const subscription = new QueueSubscription('', options.queueLimitBytes, remove);
      approvalWatchers.add(subscription);
      return subscription;
    },
    subscriberCount: (sessionId) => subscribers.get(sessionId)?.size ?? 0,
    approvalWatcherCount: () => approvalWatchers.size,
  };
}
