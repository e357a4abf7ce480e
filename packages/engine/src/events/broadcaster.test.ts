import { describe, expect, it } from 'vitest';
import { createBroadcaster } from './broadcaster.js';
import type { EngineEvent } from './types.js';

const token = (text: string) => ({ type: 'llm_token', text }) as const;

/** At least `count` events (whole batches), or all until the subscription ends. */
async function take(iterable: AsyncIterable<readonly EngineEvent[]>, count: number): Promise<EngineEvent[]> {
  const out: EngineEvent[] = [];
  if (count === 0) return out;
  for await (const batch of iterable) {
    out.push(...batch);
    if (out.length >= count) break;
  }
  return out;
}

describe('broadcaster', () => {
  it('numbers events per session and stamps the time', () => {
    const broadcaster = createBroadcaster({ queueLimit: 10, now: () => new Date('2026-01-02T03:04:05.000Z') });
    expect(broadcaster.publish('a', 't1', token('x'))).toMatchObject({ sessionId: 'a', turnId: 't1', seq: 1, ts: '2026-01-02T03:04:05.000Z', type: 'llm_token', text: 'x' });
    expect(broadcaster.publish('a', 't1', token('y')).seq).toBe(2);
    expect(broadcaster.publish('b', 't9', token('z')).seq).toBe(1);
  });

  it('delivers a session\'s events in order to each of its subscribers only', async () => {
    const broadcaster = createBroadcaster({ queueLimit: 10 });
    const first = broadcaster.subscribe('a');
    const second = broadcaster.subscribe('a');
    const other = broadcaster.subscribe('b');
    broadcaster.publish('a', 't', token('1'));
    broadcaster.publish('b', 't', token('elsewhere'));
    broadcaster.publish('a', 't', token('2'));
    expect((await take(first, 2)).map((e) => e.type === 'llm_token' && e.text)).toEqual(['1', '2']);
    expect((await take(second, 2)).map((e) => e.seq)).toEqual([1, 2]);
    expect((await take(other, 1)).map((e) => e.type === 'llm_token' && e.text)).toEqual(['elsewhere']);
  });

  it('wakes a waiting subscriber when an event is published later', async () => {
    const broadcaster = createBroadcaster({ queueLimit: 2 });
    const subscription = broadcaster.subscribe('a');
    const pending = take(subscription, 1);
    broadcaster.publish('a', 't', token('late'));
    expect((await pending)[0]).toMatchObject({ text: 'late' });
  });

  it('drops a slow subscriber without blocking publish or the fast subscriber, and tells it why', async () => {
    const broadcaster = createBroadcaster({ queueLimit: 3 });
    const slow = broadcaster.subscribe('a');
    const fast = broadcaster.subscribe('a');
    const fastSeen: number[] = [];
    const fastDone = (async () => {
      for await (const batch of fast) {
        fastSeen.push(...batch.map((event) => event.seq));
        if (fastSeen.length === 10) break;
      }
    })();
    for (let i = 0; i < 10; i += 1) {
      // publish is synchronous: it returns immediately whatever the subscribers do.
      expect(broadcaster.publish('a', 't', token(String(i))).seq).toBe(i + 1);
      await Promise.resolve();
    }
    await fastDone;
    expect(fastSeen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    expect(slow.dropped).toBe(true);
    const slowEvents = await take(slow, 100);
    expect(slowEvents).toHaveLength(1);
    expect(slowEvents[0]).toMatchObject({ type: 'error', retryable: true, seq: 4 });
    expect(slowEvents[0]?.type === 'error' && slowEvents[0].message).toMatch(/fell more than 3 events behind/);
    expect(broadcaster.subscriberCount('a')).toBe(0);
  });

  it('unsubscribes on close and on break, ending a pending read', async () => {
    const broadcaster = createBroadcaster({ queueLimit: 5 });
    const subscription = broadcaster.subscribe('a');
    const pending = subscription[Symbol.asyncIterator]().next();
    subscription.close();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(broadcaster.subscriberCount('a')).toBe(0);

    const another = broadcaster.subscribe('a');
    broadcaster.publish('a', 't', token('x'));
    await take(another, 1);
    expect(broadcaster.subscriberCount('a')).toBe(0);
  });

  it('wakes a waiting subscriber only after the publisher\'s current work, with everything published meanwhile in one batch', async () => {
    const broadcaster = createBroadcaster({ queueLimit: 2 });
    const subscription = broadcaster.subscribe('a');
    const seen: string[] = [];
    let batches = 0;
    const reading = (async () => {
      for await (const batch of subscription) {
        batches += 1;
        seen.push(...batch.map((event) => (event.type === 'llm_token' ? event.text : event.type)));
        if (seen.length === 5) break;
      }
    })();
    await new Promise((resolve) => setImmediate(resolve));
    // A burst larger than the queue limit while the subscriber waits: it is not behind, so not dropped.
    for (let i = 1; i <= 5; i += 1) {
      broadcaster.publish('a', 't', token(String(i)));
      await Promise.resolve();
    }
    expect(seen).toEqual([]);
    await reading;
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
    expect(batches).toBe(1);
    expect(subscription.dropped).toBe(false);
  });

  it('rejects a queue limit that is not a positive integer', () => {
    expect(() => createBroadcaster({ queueLimit: 0 })).toThrow(RangeError);
  });
});
