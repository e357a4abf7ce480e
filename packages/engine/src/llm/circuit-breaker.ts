/** closed: calls go through. open: none do until `openMs` passed. half_open: one probe call decides. */
export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerSnapshot {
  readonly state: BreakerState;
  readonly consecutiveFailures: number;
  /** Epoch ms while open; undefined otherwise. */
  readonly openUntil?: number;
  readonly lastFailure: string;
}

export interface CircuitBreaker {
  /** May a call go to this model now? In half_open only one probe is let through until it reports. */
  tryAcquire(): boolean;
  /** The model answered: the circuit closes. */
  recordSuccess(): void;
  /** A transient failure: counts towards opening; a failed probe opens the circuit again. */
  recordFailure(reason: string): void;
  /** A call that ended for another reason (permanent error, abort): frees a probe without judging the model. */
  release(): void;
  snapshot(): BreakerSnapshot;
}

export interface BreakerOptions {
  /** Consecutive failures that open the circuit. */
  readonly failureThreshold: number;
  readonly openMs: number;
  readonly now: () => number;
}

export const DEFAULT_BREAKER: Omit<BreakerOptions, 'now'> = { failureThreshold: 3, openMs: 60_000 };

/** One per configured model; lives in memory, so a restarted engine starts every circuit closed. */
export function createCircuitBreaker(options: BreakerOptions): CircuitBreaker {
  let failures = 0;
  let openedAt: number | undefined;
  let probeOut = false;
  let lastFailure = '';

  const state = (): BreakerState => {
    if (openedAt === undefined) return 'closed';
    return options.now() - openedAt >= options.openMs ? 'half_open' : 'open';
  };

  return {
    tryAcquire() {
      const current = state();
      if (current === 'closed') return true;
      if (current === 'open' || probeOut) return false;
      probeOut = true;
      return true;
    },
    recordSuccess() {
      failures = 0;
      openedAt = undefined;
      probeOut = false;
    },
    recordFailure(reason) {
      lastFailure = reason;
      failures += 1;
      const wasProbe = probeOut;
      probeOut = false;
      if (wasProbe || failures >= options.failureThreshold) openedAt = options.now();
    },
    release() {
      probeOut = false;
    },
    snapshot() {
      const current = state();
      return {
        state: current,
        consecutiveFailures: failures,
        ...(current === 'open' && openedAt !== undefined ? { openUntil: openedAt + options.openMs } : {}),
        lastFailure,
      };
    },
  };
}
