import type { Logger } from '../logging/port.js';
import { quietLogger } from '../logging/quiet.js';
import type { BreakerSnapshot, CircuitBreaker } from './circuit-breaker.js';
import { createFailoverPlan } from './failover-plan.js';
import { retryDelayMs, sleep as realSleep } from './retry-delay.js';
import type { LlmRelay, RelayNotice, RelayPart, RelayRequest } from './types.js';

type ErrorPart = Extract<RelayPart, { kind: 'error' }>;

/** One configured model: its own relay (endpoint, key, timeout) and its own circuit breaker. */
export interface ModelRoute {
  readonly role: 'primary' | 'fallback';
  readonly baseUrl: string;
  readonly model: string;
  readonly relay: LlmRelay;
  readonly breaker: CircuitBreaker;
}

export interface ModelRouteSnapshot extends BreakerSnapshot {
  readonly role: 'primary' | 'fallback';
  readonly baseUrl: string;
  readonly model: string;
}

export interface FailoverRelay extends LlmRelay {
  /** Every model with its circuit, primary first. */
  routes(): ModelRouteSnapshot[];
}

export interface FailoverRelayOptions {
  readonly routes: readonly ModelRoute[];
  /** Retries of one request (transient failures only); bounded again by 2n + 1 for n models. */
  readonly maxRetries: number;
  readonly logger?: Logger;
  /** Injectable for tests: the wait before a retry. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Retries transient failures and fails over between the configured models. A call is retried only
 * while nothing of its answer has reached the caller: once text or a tool call was passed on, a
 * broken stream ends the call with its error (the client already shows part of an answer, and a
 * second answer would be spliced onto it).
 */
export function createFailoverRelay(options: FailoverRelayOptions): FailoverRelay {
  const { routes } = options;
  if (routes.length === 0) throw new RangeError('the failover relay needs at least one model');
  const logger = options.logger ?? quietLogger;
  const wait = options.sleep ?? realSleep;

  async function* stream(request: RelayRequest, signal?: AbortSignal, notify?: (notice: RelayNotice) => void): AsyncGenerator<RelayPart> {
    const plan = createFailoverPlan(routes.length, options.maxRetries, (i) => routes[i]?.breaker.tryAcquire() ?? false);
    let current = plan.first();
    if (current === undefined) {
      yield allOpen();
      return;
    }
    if (current !== 0) {
      const primary = routes[0] as ModelRoute;
      notify?.({ kind: 'failover', fromModel: primary.model, toModel: (routes[current] as ModelRoute).model, reason: `the circuit of ${primary.model} is open` });
    }
    for (;;) {
      const route = routes[current] as ModelRoute;
      let failure: ErrorPart | undefined;
      let streamed = false;
      let judged = false;
      try {
        for await (const part of route.relay.stream(request, signal)) {
          if (part.kind === 'error') {
            failure = part;
            break;
          }
          if (part.kind === 'finish') {
            route.breaker.recordSuccess();
            judged = true;
          } else streamed = true;
          yield part;
        }
        if (failure?.failure === 'transient') {
          route.breaker.recordFailure(failure.message);
          judged = true;
        }
      } finally {
        // Aborted, stopped by the caller, or a failure that says nothing about the model's health.
        if (!judged) route.breaker.release();
      }
      if (!failure) return;
      if (failure.failure !== 'transient') {
        yield failure;
        return;
      }
      if (streamed) {
        logger.warn({ model: route.model, err: failure.message }, 'model stream broke after the answer began: not retried');
        yield { ...failure, message: `${failure.message} (the answer had begun: not retried)` };
        return;
      }
      const next = plan.afterFailure(current);
      if (!next) {
        const tried = plan.transitions + 1;
        logger.warn({ model: route.model, err: failure.message, calls: tried }, 'model call failed: no retry left');
        yield tried > 1 ? { ...failure, message: `${failure.message} (after ${tried} calls)` } : failure;
        return;
      }
      const target = routes[next.model] as ModelRoute;
      const delayMs = retryDelayMs(next.retry, failure.retryAfterMs, next.model === current);
      logger.warn(
        { model: route.model, next: target.model, retry: next.retry, of: plan.limit, delayMs, code: failure.code, err: failure.message },
        'model call failed: retrying',
      );
      notify?.({ kind: 'retry', attempt: next.retry, maxRetries: plan.limit, model: route.model, code: failure.code, reason: failure.message, delayMs });
      if (next.model !== current) {
        logger.warn({ from: route.model, to: target.model }, 'model failover');
        notify?.({ kind: 'failover', fromModel: route.model, toModel: target.model, reason: failure.message });
      }
      await wait(delayMs, signal);
      if (signal?.aborted) {
        target.breaker.release();
        return;
      }
      current = next.model;
    }
  }

  function allOpen(): ErrorPart {
    const reopens = routes
      .map((route) => route.breaker.snapshot().openUntil)
      .filter((at): at is number => at !== undefined)
      .sort((a, b) => a - b)[0];
    const when = reopens === undefined ? '' : `; the first is tried again after ${new Date(reopens).toISOString()}`;
    return {
      kind: 'error',
      code: 'LLM_UNAVAILABLE',
      message: `every configured model failed repeatedly (circuit open)${when}`,
      retryable: true,
      failure: 'transient',
    };
  }

  return {
    stream,
    routes: () => routes.map((route) => ({ role: route.role, baseUrl: route.baseUrl, model: route.model, ...route.breaker.snapshot() })),
  };
}
