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

  get closed(): boolean {
    return this.#closed;
  }

  push(item: T): void {
    if (this.#closed) return;
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

  take(): Promise<T> {
    if (this.#closed) return Promise.reject(this.#closedWith);
    if (this.#items.length > 0) return Promise.resolve(this.#items.shift() as T);
    return new Promise<T>((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }
}
