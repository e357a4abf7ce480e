import { describe, expect, it } from 'vitest';
import { createCircuitBreaker, type CircuitBreaker } from './circuit-breaker.js';
import { createFailoverPlan } from './failover-plan.js';
import { createFailoverRelay, type ModelRoute } from './failover-relay.js';
import { retryDelayMs } from './retry-delay.js';
import type { LlmRelay, RelayNotice, RelayPart } from './types.js';

function clock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('circuit breaker', () => {
  it('opens after 3 consecutive failures, stays open 60 s, then lets exactly one probe through', () => {
    const time = clock();
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 60_000, now: time.now });
    for (let i = 0; i < 2; i += 1) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.recordFailure('503');
    }
    expect(breaker.snapshot().state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordFailure('503 again');
    expect(breaker.snapshot()).toEqual({ state: 'open', consecutiveFailures: 3, openUntil: time.now() + 60_000, lastFailure: '503 again' });
    expect(breaker.tryAcquire()).toBe(false);
    time.advance(59_999);
    expect(breaker.tryAcquire()).toBe(false);
    time.advance(1);
    expect(breaker.snapshot().state).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordSuccess();
    expect(breaker.snapshot()).toEqual({ state: 'closed', consecutiveFailures: 0, lastFailure: '503 again' });
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('a failed probe opens the circuit for another full period; a released probe frees the slot', () => {
    const time = clock();
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 60_000, now: time.now });
    for (let i = 0; i < 3; i += 1) breaker.recordFailure('down');
    time.advance(60_000);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.release();
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordFailure('still down');
    expect(breaker.snapshot().state).toBe('open');
    time.advance(30_000);
    expect(breaker.tryAcquire()).toBe(false);
    time.advance(30_000);
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('a success between failures starts the count again', () => {
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 60_000, now: clock().now });
    breaker.recordFailure('a');
    breaker.recordFailure('b');
    breaker.recordSuccess();
    breaker.recordFailure('c');
    breaker.recordFailure('d');
    expect(breaker.snapshot().state).toBe('closed');
  });
});

describe('failover plan', () => {
  it('never makes more than 2n + 1 transitions, whatever the breakers answer', () => {
    for (let n = 1; n <= 5; n += 1) {
      for (const pattern of [() => true, (i: number) => i % 2 === 0, (_: number, k: number) => k % 3 !== 0]) {
        let asked = 0;
        const plan = createFailoverPlan(n, 1_000, (i) => pattern(i, asked++));
        let at = plan.first();
        let transitions = 0;
        while (at !== undefined) {
          const next = plan.afterFailure(at);
          if (!next) break;
          transitions += 1;
          expect(next.retry).toBe(transitions);
          at = next.model;
        }
        expect(transitions).toBeLessThanOrEqual(2 * n + 1);
        expect(plan.transitions).toBe(transitions);
      }
    }
  });

  it('moves to the next model first, wraps round to the primary, and retries one model alone up to max_retries', () => {
    const plan = createFailoverPlan(3, 10, () => true);
    expect(plan.limit).toBe(7);
    const order = [plan.first()];
    for (let i = 0; i < 8; i += 1) order.push(plan.afterFailure(order.at(-1) as number)?.model);
    expect(order).toEqual([0, 1, 2, 0, 1, 2, 0, 1, undefined]);
    const single = createFailoverPlan(1, 3, () => true);
    expect([single.first(), single.afterFailure(0), single.afterFailure(0), single.afterFailure(0), single.afterFailure(0)]).toEqual([
      0,
      { model: 0, retry: 1 },
      { model: 0, retry: 2 },
      { model: 0, retry: 3 },
      undefined,
    ]);
  });

  it('skips models whose circuit is open and ends when none admits a call', () => {
    const open = new Set([0]);
    const plan = createFailoverPlan(2, 3, (i) => !open.has(i));
    expect(plan.first()).toBe(1);
    open.add(1);
    expect(plan.afterFailure(1)).toBeUndefined();
    expect(createFailoverPlan(2, 3, () => false).first()).toBeUndefined();
  });
});

describe('retry delay', () => {
  it('backs off exponentially on the same model, honours a longer Retry-After, and calls another model at once', () => {
    expect([1, 2, 3, 4, 5, 6].map((k) => retryDelayMs(k, undefined, true))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(retryDelayMs(1, 3000, true)).toBe(3000);
    expect(retryDelayMs(3, 100, true)).toBe(2000);
    expect(retryDelayMs(1, 3000, false)).toBe(0);
  });
});

type Script = Array<RelayPart[]>;

function scripted(script: Script): LlmRelay & { calls: number } {
  const relay = {
    calls: 0,
    async *stream() {
      const parts = script[relay.calls] ?? script.at(-1) ?? [];
      relay.calls += 1;
      for (const part of parts) yield part;
    },
  };
  return relay;
}

const finish: RelayPart = { kind: 'finish', reason: 'stop', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
const busy: RelayPart = { kind: 'error', code: 'LLM_UNAVAILABLE', message: 'busy (429)', retryable: true, failure: 'transient', retryAfterMs: 2000 };
const bad: RelayPart = { kind: 'error', code: 'LLM_ERROR', message: 'rejected (400)', retryable: false, failure: 'permanent' };

async function run(routes: ModelRoute[], maxRetries = 3) {
  const sleeps: number[] = [];
  const notices: RelayNotice[] = [];
  const relay = createFailoverRelay({ routes, maxRetries, sleep: async (ms) => void sleeps.push(ms) });
  const parts: RelayPart[] = [];
  for await (const part of relay.stream({ messages: [], tools: [] }, undefined, (n) => notices.push(n))) parts.push(part);
  return { parts, sleeps, notices, relay };
}

function route(model: string, relay: LlmRelay, breaker?: CircuitBreaker, role: 'primary' | 'fallback' = 'primary'): ModelRoute {
  return { role, baseUrl: `http://${model}.test/v1`, model, relay, breaker: breaker ?? createCircuitBreaker({ failureThreshold: 3, openMs: 60_000, now: Date.now }) };
}

describe('failover relay', () => {
  it('retries a transient failure after the Retry-After and passes on one answer', async () => {
    const model = scripted([[busy], [{ kind: 'text', text: 'hi' }, finish]]);
    const { parts, sleeps, notices } = await run([route('m1', model)]);
    expect(parts).toEqual([{ kind: 'text', text: 'hi' }, finish]);
    expect(sleeps).toEqual([2000]);
    expect(notices).toEqual([{ kind: 'retry', attempt: 1, maxRetries: 3, model: 'm1', code: 'LLM_UNAVAILABLE', reason: 'busy (429)', delayMs: 2000 }]);
  });

  it('does not retry a permanent failure', async () => {
    const model = scripted([[bad]]);
    const { parts, notices } = await run([route('m1', model)]);
    expect(parts).toEqual([bad]);
    expect(model.calls).toBe(1);
    expect(notices).toEqual([]);
  });

  it('does not retry once part of the answer was passed on', async () => {
    const model = scripted([[{ kind: 'text', text: 'half' }, busy]]);
    const { parts } = await run([route('m1', model)]);
    expect(model.calls).toBe(1);
    expect(parts.at(-1)).toMatchObject({ kind: 'error', code: 'LLM_UNAVAILABLE', message: 'busy (429) (the answer had begun: not retried)' });
  });

  it('gives up after max_retries transient failures over two models', async () => {
    const primary = scripted([[busy]]);
    const fallback = scripted([[busy]]);
    const { parts, notices } = await run([route('m1', primary), route('m2', fallback, undefined, 'fallback')]);
    expect([primary.calls, fallback.calls]).toEqual([2, 2]);
    expect(notices.filter((n) => n.kind === 'retry').map((n) => n.attempt)).toEqual([1, 2, 3]);
    expect(parts).toEqual([{ ...busy, message: 'busy (429) (after 4 calls)' }]);
  });

  it('with one model, the third failure in a row opens its circuit and ends the retries early', async () => {
    const model = scripted([[busy]]);
    const { parts, notices, relay } = await run([route('m1', model)]);
    expect(model.calls).toBe(3);
    expect(notices.map((n) => n.kind === 'retry' && n.attempt)).toEqual([1, 2]);
    expect(parts).toEqual([{ ...busy, message: 'busy (429) (after 3 calls)' }]);
    expect(relay.routes()[0]?.state).toBe('open');
  });

  it('fails over to the fallback, and skips a primary whose circuit is open', async () => {
    const time = clock();
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 60_000, now: time.now });
    const primary = scripted([[busy]]);
    const fallback = scripted([[{ kind: 'text', text: 'from fallback' }, finish]]);
    const routes = [route('main', primary, breaker), route('spare', fallback, undefined, 'fallback')];
    for (let turn = 0; turn < 3; turn += 1) {
      const { parts, notices, sleeps } = await run(routes);
      expect(parts[0]).toEqual({ kind: 'text', text: 'from fallback' });
      expect(notices.map((n) => n.kind)).toEqual(['retry', 'failover']);
      expect(sleeps).toEqual([0]);
    }
    expect(primary.calls).toBe(3);
    const { parts, notices, relay } = await run(routes);
    expect(parts[0]).toEqual({ kind: 'text', text: 'from fallback' });
    expect(notices).toEqual([{ kind: 'failover', fromModel: 'main', toModel: 'spare', reason: 'the circuit of main is open' }]);
    expect(primary.calls).toBe(3);
    expect(relay.routes().map((r) => [r.role, r.model, r.state])).toEqual([
      ['primary', 'main', 'open'],
      ['fallback', 'spare', 'closed'],
    ]);
  });

  it('answers at once with LLM_UNAVAILABLE when every circuit is open', async () => {
    const time = clock();
    const breaker = createCircuitBreaker({ failureThreshold: 1, openMs: 60_000, now: time.now });
    breaker.recordFailure('down');
    const model = scripted([[finish]]);
    const { parts } = await run([route('m1', model, breaker)]);
    expect(model.calls).toBe(0);
    expect(parts).toEqual([
      { kind: 'error', code: 'LLM_UNAVAILABLE', message: `every configured model failed repeatedly (circuit open); the first is tried again after ${new Date(time.now() + 60_000).toISOString()}`, retryable: true, failure: 'transient' },
    ]);
  });
});
