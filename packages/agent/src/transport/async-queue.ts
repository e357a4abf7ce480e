/** Raised by `take` once the queue is closed without a more specific reason. */
export class QueueClosedError extends Error {
  override readonly name = 'QueueClosedError';
  constructor() {
    super('queue closed');
  }
}

interface Waiter<T> {
  resolve(item: T): void;
  reject(error: unknown): void;
}

/**
 * A push-based queue read with `await take()`: how directives reach the turn that waits for them.
 * Closing it (optionally with a reason) rejects every pending and future `take`.
 */
export class AsyncQueue<T> {
  readonly #items: T[] = [];
  readonly #waiters: Waiter<T>[] = [];
  #closedWith: unknown = undefined;
  #closed = false;
  #ending = false;
  #endedWith: unknown = undefined;

  get closed(): boolean {
    return this.#closed;
  }

  push(item: T): void {
    if (this.#closed || this.#ending) return;
    const waiter = this.#waiters.shift();
    if (waiter) waiter.resolve(item);
    else this.#items.push(item);
  }

  close(reason: unknown = new QueueClosedError()): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#closedWith = reason;
    this.#items.length = 0;
    for (const waiter of this.#waiters.splice(0)) waiter.reject(reason);
  }

  /** Like `close`, but what is already queued is still handed out first (the source ended, nothing is cancelled). */
  end(reason: unknown = new QueueClosedError()): void {
    if (this.#closed || this.#ending) return;
    this.#ending = true;
    this.#endedWith = reason;
    if (this.#items.length === 0) this.close(reason);
  }

  take(): Promise<T> {
    if (this.#closed) return Promise.reject(this.#closedWith);
    if (this.#items.length > 0) {
      const item = this.#items.shift() as T;
      if (this.#ending && this.#items.length === 0) this.close(this.#endedWith);
      return Promise.resolve(item);
    }
    return new Promise<T>((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }
}
