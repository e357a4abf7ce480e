import type { EngineEvent } from './types.js';

/**
 * A live view of one session's events, read in batches: each batch is everything published since
 * the previous one was taken, in order. Iterate it; `close()` (or leaving the loop) unsubscribes.
 */
export interface Subscription extends AsyncIterable<readonly EngineEvent[]> {
  readonly sessionId: string;
  /** True once the broadcaster dropped this subscriber for falling behind. */
  readonly dropped: boolean;
  close(): void;
}

/**
 * A bounded queue with at most one pending reader. `offer` never blocks: it returns false when the
 * queue is full, and the owner decides what happens (the broadcaster drops the subscriber).
 *
 * A waiting reader is woken on the next turn of the event loop (setImmediate), not at once: the
 * publisher finishes what it is doing first (e.g. the tool-call pipeline hands its result to the
 * agent) and the reader then takes everything published meanwhile as one batch. Events that arrive
 * while the reader waits do not count against the limit: a waiting reader is not falling behind.
 */
export class QueueSubscription implements Subscription, AsyncIterator<readonly EngineEvent[]> {
  private queue: EngineEvent[] = [];
  private waiter: ((result: IteratorResult<readonly EngineEvent[]>) => void) | undefined;
  private wakeScheduled = false;
  private ending = false;
  private wasDropped = false;

  constructor(
    readonly sessionId: string,
    private readonly limit: number,
    private readonly onClose: (subscription: QueueSubscription) => void,
  ) {}

  get dropped(): boolean {
    return this.wasDropped;
  }

  /** Delivers or queues `event`; false when the queue is full (nothing is queued then). */
  offer(event: EngineEvent): boolean {
    if (this.ending) return true;
    if (this.waiter) {
      this.queue.push(event);
      this.scheduleWake();
      return true;
    }
    if (this.queue.length >= this.limit) return false;
    this.queue.push(event);
    return true;
  }

  /** Discards what is queued, delivers `farewell` (why) and then ends the iteration. */
  drop(farewell: EngineEvent): void {
    this.queue = [];
    this.wasDropped = true;
    this.offer(farewell);
    this.finish();
  }

  close(): void {
    this.queue = [];
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

  private takeAll(): EngineEvent[] {
    const batch = this.queue;
    this.queue = [];
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
