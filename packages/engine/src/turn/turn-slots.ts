import { ParapetError } from '@parapet/wire';

/** A held slot; `release` is idempotent. */
export interface TurnSlot {
  release(): void;
}

/** Where a turn stands when it asks for a slot: `ahead` turns must end before it starts (0: it runs at once). */
export interface SlotRequest {
  readonly ahead: number;
  /** Resolves with the slot; rejects TURN_CANCELLED when `signal` aborts while it waits. */
  readonly slot: Promise<TurnSlot>;
}

/** Caps how many turns run at once across the daemon; the rest wait first come, first served. */
export interface TurnSlots {
  /** A slot now, or undefined when none is free or turns already wait for one. */
  tryAcquire(): TurnSlot | undefined;
  acquire(signal: AbortSignal): SlotRequest;
  readonly running: number;
  readonly waiting: number;
}

interface Waiter {
  grant(): void;
}

export function createTurnSlots(capacity: number): TurnSlots {
  let running = 0;
  const waiters: Waiter[] = [];

  const slot = (): TurnSlot => {
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        running -= 1;
        waiters.shift()?.grant();
      },
    };
  };

  const tryAcquire = (): TurnSlot | undefined => {
    if (running >= capacity || waiters.length > 0) return undefined;
    running += 1;
    return slot();
  };

  return {
    tryAcquire,
    acquire(signal) {
      const now = tryAcquire();
      if (now) return { ahead: 0, slot: Promise.resolve(now) };
      // Turns that must end before this one starts: one running turn per waiter ahead, and its own.
      const ahead = waiters.length + 1;
      const granted = new Promise<TurnSlot>((resolve, reject) => {
        const onAbort = (): void => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(new ParapetError('TURN_CANCELLED', 'the turn was cancelled while it waited for a free slot'));
        };
        const waiter: Waiter = {
          grant() {
            signal.removeEventListener('abort', onAbort);
            running += 1;
            resolve(slot());
          },
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
      });
      return { ahead, slot: granted };
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
  };
}
