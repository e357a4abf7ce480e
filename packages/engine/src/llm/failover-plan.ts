/** The next call of a request: which model, and how many retries that makes. */
export interface PlannedAttempt {
  readonly model: number;
  /** 1 for the first retry. */
  readonly retry: number;
}

export interface FailoverPlan {
  /** The most retries this request may make: min(max_retries, 2n + 1) for n models. */
  readonly limit: number;
  /** Retries (moves from one call to the next) made so far; never above `limit`. */
  readonly transitions: number;
  /** The first call: the first model, in configured order, whose circuit admits it; undefined when none does. */
  first(): number | undefined;
  /**
   * After a transient failure of `failed`: another model whose circuit admits a call (the ones after
   * it in order, wrapping round), else the same one again; undefined once the retries are spent or
   * no circuit admits a call.
   */
  afterFailure(failed: number): PlannedAttempt | undefined;
}

/**
 * The failover state machine of one request. Each state is "calling model i"; each transition is a
 * retry, on another model first. `admit(i)` asks model i's circuit breaker (and takes its probe when
 * half-open), so a model whose circuit is open is skipped. The bound of 2n + 1 transitions holds
 * whatever the breakers answer: one pass over every model, a second, and one last probe.
 */
export function createFailoverPlan(models: number, maxRetries: number, admit: (model: number) => boolean): FailoverPlan {
  if (models < 1) throw new RangeError('a failover plan needs at least one model');
  const limit = Math.max(0, Math.min(maxRetries, 2 * models + 1));
  let transitions = 0;
  return {
    limit,
    get transitions() {
      return transitions;
    },
    first() {
      for (let i = 0; i < models; i += 1) if (admit(i)) return i;
      return undefined;
    },
    afterFailure(failed) {
      if (transitions >= limit) return undefined;
      for (let step = 1; step <= models; step += 1) {
        const candidate = (failed + step) % models;
        if (admit(candidate)) {
          transitions += 1;
          return { model: candidate, retry: transitions };
        }
      }
      return undefined;
    },
  };
}
