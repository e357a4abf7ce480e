import type { EngineEvent } from '@parapet/wire/client';
import { eventSize } from './event-size.js';

/**
 * A live view of one session's events, read in batches: each batch is everything published since
 * the previous one was taken, in order. Iterate it; `close()` (or leaving the loop) unsubscribes.
 */
export interface Subscription extends AsyncIterable<readonly EngineEvent[]> {
  readonly sessionId: string;
  /** True once the broadcaster dropped this subscriber for falling behind. */
  readonly dropped: boolean;
  /** Bytes (approximate, see eventSize) of the events waiting to be read. */
  readonly queuedBytes: number;
  /** Calls `listener` once if (and when) the broadcaster drops this subscriber. */
  onDropped(listener: () => void): void;
  close(): void;
}

/** Longest token text one coalesced event may carry, so a batch never holds one giant event. */
export const MAX_COALESCED_TOKEN_CHARS = 16 * 1024;

/**
 * The merge of a queued token event with the next one, kept with the queued event: every busy
 * subscriber merging the same two events gets the same object, so a sender that encodes each event
 * once for all its sockets (the web fan-out) still does when its readers lag.
 */
const merges = new WeakMap<EngineEvent, { readonly next: EngineEvent; readonly merged: EngineEvent }>();

function merged(last: EngineEvent & { readonly type: 'llm_token' }, event: EngineEvent & { readonly type: 'llm_token' }): EngineEvent {
  const known = merges.get(last);
  if (known?.next === event) return known.merged;
  const result = Object.assign({}, last, { text: last.text + event.text, seq: event.seq, ts: event.ts });
  merges.set(last, { next: event, merged: result });
  return result;
}

/**
 * A queue bounded by bytes, with at most one pending reader. `offer` never blocks: it returns false
 * when the event does not fit, and the owner decides what happens (the broadcaster drops the
 * subscriber).
 *
 * A waiting reader is woken on the next turn of the event loop (setImmediate), not at once: the
 * publisher finishes what it is doing first (e.g. the tool-call pipeline hands its result to the
 * agent) and the reader then takes everything published meanwhile as one batch. Events that arrive
 * while the reader waits do not count against the limit: a waiting reader is not falling behind.
 *
 * While the reader is busy (e.g. its client's socket is full), consecutive token deltas of one turn
 * are merged into one event carrying the latest seq: a long answer streamed fast costs a lagging
 * reader its text, not one queue slot per token.
 */
export class QueueSubscription implements Subscription, AsyncIterator<readonly EngineEvent[]> {
  private queue: EngineEvent[] = [];
  private bytes = 0;
  private waiter: ((result: IteratorResult<readonly EngineEvent[]>) => void) | undefined;
  private wakeScheduled = false;
  private ending = false;
  private wasDropped = false;
  private dropListeners: (() => void)[] = [];

  constructor(
    readonly sessionId: string,
    private readonly limitBytes: number,
    private readonly onClose: (subscription: QueueSubscription) => void,
  ) {}

  get dropped(): boolean {
    return this.wasDropped;
  }

  get queuedBytes(): number {
    return this.bytes;
  }

  onDropped(listener: () => void): void {
    if (this.wasDropped) listener();
    else if (!this.ending) this.dropListeners.push(listener);
  }

  /** Delivers or queues `event`; false when it does not fit (nothing is queued then). */
  offer(event: EngineEvent): boolean {
    if (this.ending) return true;
    if (this.waiter) {
      this.push(event);
      this.scheduleWake();
      return true;
    }
    if (this.coalesce(event)) return true;
    const size = eventSize(event);
    // A reader with nothing queued is not behind: one event always fits, however large (each is capped).
    if (this.queue.length > 0 && this.bytes + size > this.limitBytes) return false;
    this.push(event, size);
    return true;
  }

  /** Discards what is queued, delivers `farewell` (why) and then ends the iteration. */
  drop(farewell: EngineEvent): void {
    this.clear();
    this.wasDropped = true;
    // Past the limit on purpose: the reader must learn why its stream ends.
    this.push(farewell);
    if (this.waiter) this.scheduleWake();
    this.finish();
    const listeners = this.dropListeners;
    this.dropListeners = [];
    for (const listener of listeners) listener();
  }

  close(): void {
    this.clear();
    this.dropListeners = [];
    this.finish();
  }

  next(): Promise<IteratorResult<readonly EngineEvent[]>> {
    if (this.queue.length > 0) return Promise.resolve({ value: this.takeAll(), done: false });
    if (this.ending) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  return(): Promise<IteratorResult<readonly EngineEvent[]>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<readonly EngineEvent[]> {
    return this;
  }

  private push(event: EngineEvent, size = eventSize(event)): void {
    this.queue.push(event);
    this.bytes += size;
  }

  /** Merges a token delta into the queued one before it when both belong to the same turn. */
  private coalesce(event: EngineEvent): boolean {
    if (event.type !== 'llm_token') return false;
    const last = this.queue.at(-1);
    if (last?.type !== 'llm_token' || last.turnId !== event.turnId) return false;
    if (last.text.length + event.text.length > MAX_COALESCED_TOKEN_CHARS) return false;
    const added = 2 * event.text.length;
    if (this.bytes + added > this.limitBytes) return false;
    this.queue[this.queue.length - 1] = merged(last, event);
    this.bytes += added;
    return true;
  }

  private clear(): void {
    this.queue = [];
    this.bytes = 0;
  }

  private takeAll(): EngineEvent[] {
    const batch = this.queue;
    this.clear();
    return batch;
  }

  private scheduleWake(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      const resolve = this.waiter;
      if (!resolve || this.queue.length === 0) return;
      this.waiter = undefined;
      resolve({ value: this.takeAll(), done: false });
    });
  }

  private finish(): void {
    if (this.ending) return;
    this.ending = true;
    this.onClose(this);
    if (this.waiter && this.queue.length === 0) {
      const resolve = this.waiter;
      this.waiter = undefined;
      resolve({ value: undefined, done: true });
    }
  }
}
