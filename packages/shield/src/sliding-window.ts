import type { Clock } from './ports.js';

/** Counts events in a moving time window; `tryTake` refuses once `limit` events fall inside it. */
export class SlidingWindowLimiter {
  private readonly stamps: number[] = [];
  private head = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Records one event and returns true, or returns false (recording nothing) when over the limit. */
  tryTake(): boolean {
    const now = this.clock.now();
    while (this.head < this.stamps.length && (this.stamps[this.head] ?? 0) <= now - this.windowMs) this.head++;
    if (this.head > 1024 && this.head * 2 > this.stamps.length) {
      this.stamps.splice(0, this.head);
      this.head = 0;
    }
    if (this.stamps.length - this.head >= this.limit) return false;
    this.stamps.push(now);
    return true;
  }
}
