import { describe, expect, it } from 'vitest';
import { MIN_QUEUE_LIMIT_BYTES, createBroadcaster } from './broadcaster.js';
import { SEQ_RESERVATION_BLOCK, type SeqLedger } from './seq-ledger.js';
import { MAX_COALESCED_TOKEN_CHARS } from './subscription.js';
import type { EngineEvent } from '@parapet/wire/client';

const token = (text: string) => ({ type: 'llm_token', text }) as const;
const LIMIT = MIN_QUEUE_LIMIT_BYTES;
/** An event that cannot be merged with its neighbours, about 8 KiB to hold. */
const completed = (index: number) =>
  ({ type: 'action_completed', actionId: `a${index}`, callId: `c${index}`, toolName: 'read_file', isError: false, output: 'x'.repeat(4096), errorCode: '' }) as const;

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
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT, now: () => new Date('2026-01-02T03:04:05.000Z') });
    expect(broadcaster.publish('a', 't1', token('x'))).toMatchObject({ sessionId: 'a', turnId: 't1', seq: 1, ts: '2026-01-02T03:04:05.000Z', type: 'llm_token', text: 'x' });
    expect(broadcaster.publish('a', 't1', token('y')).seq).toBe(2);
    expect(broadcaster.publish('b', 't9', token('z')).seq).toBe(1);
  });

  it('delivers a session\'s events in order to each of its subscribers only', async () => {
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT });
    const first = broadcaster.subscribe('a');
    const second = broadcaster.subscribe('a');
    const other = broadcaster.subscribe('b');
    broadcaster.publish('a', 't', token('1'));
    broadcaster.publish('b', 't', token('elsewhere'));
    broadcaster.publish('a', 't', token('2'));
    // Neither reader was waiting: the two deltas reach each as one, carrying the later seq.
    expect((await take(first, 1)).map((e) => e.type === 'llm_token' && e.text)).toEqual(['12']);
    expect((await take(second, 1)).map((e) => e.seq)).toEqual([2]);
    expect((await take(other, 1)).map((e) => e.type === 'llm_token' && e.text)).toEqual(['elsewhere']);
  });

  it('hands busy subscribers that merge the same deltas one and the same merged event', async () => {
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT });
    const readers = [broadcaster.subscribe('a'), broadcaster.subscribe('a'), broadcaster.subscribe('a')];
    for (const word of ['one ', 'two ', 'three']) broadcaster.publish('a', 't', token(word));
    const seen = await Promise.all(readers.map((reader) => take(reader, 1)));
    expect(seen[0]).toMatchObject([{ type: 'llm_token', text: 'one two three', seq: 3 }]);
    // The same object, not three equal copies: a sender encoding each event once encodes this once.
    expect(seen[1]?.[0]).toBe(seen[0]?.[0]);
    expect(seen[2]?.[0]).toBe(seen[0]?.[0]);
  });

  it('wakes a waiting subscriber when an event is published later', async () => {
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT });
    const subscription = broadcaster.subscribe('a');
    const pending = take(subscription, 1);
    broadcaster.publish('a', 't', token('late'));
    expect((await pending)[0]).toMatchObject({ text: 'late' });
  });

  it('drops a subscriber that stopped reading without blocking publish or the fast subscriber, tells it why and holds nothing for it', async () => {
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT });
    const slow = broadcaster.subscribe('a');
    const fast = broadcaster.subscribe('a');
    let toldDropped = 0;
    slow.onDropped(() => (toldDropped += 1));
    const fastSeen: number[] = [];
    const fastDone = (async () => {
      for await (const batch of fast) {
        fastSeen.push(...batch.map((event) => event.seq));
        if (fastSeen.length === 20) break;
      }
    })();
    for (let i = 0; i < 20; i += 1) {
      // publish is synchronous: it returns immediately whatever the subscribers do.
      expect(broadcaster.publish('a', 't', completed(i)).seq).toBe(i + 1);
      await Promise.resolve();
    }
    await fastDone;
    expect(fastSeen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    expect(slow.dropped).toBe(true);
    expect(toldDropped).toBe(1);
    expect(broadcaster.subscriberCount('a')).toBe(0);
    const slowEvents = await take(slow, 100);
    expect(slowEvents).toHaveLength(1);
    expect(slowEvents[0]).toMatchObject({ type: 'error', code: 'SUBSCRIBER_DROPPED', retryable: true });
    expect(slowEvents[0]?.type === 'error' && slowEvents[0].message).toMatch(/stopped reading/);
    expect(slow.queuedBytes).toBe(0);
  });

  it('merges the token deltas waiting for a busy reader, so a long fast answer does not drop it', async () => {
    const broadcaster = createBroadcaster({ queueLimitBytes: 1024 * 1024 });
    const subscription = broadcaster.subscribe('a');
    const words: string[] = [];
    // The reader is busy (not waiting in next()) while 20 000 deltas are published.
    for (let i = 0; i < 20_000; i += 1) {
      const word = `w${i} `;
      words.push(word);
      broadcaster.publish('a', 't', token(word));
    }
    broadcaster.publish('a', 't', completed(0));
    expect(subscription.dropped).toBe(false);
    const events = await take(subscription, 1);
    const tokens = events.filter((event) => event.type === 'llm_token');
    expect(tokens.map((event) => event.text).join('')).toBe(words.join(''));
    expect(tokens.length).toBeLessThan(20);
    expect(Math.max(...tokens.map((event) => event.text.length))).toBeLessThanOrEqual(MAX_COALESCED_TOKEN_CHARS);
    // A merged event carries the seq of the last delta in it; the order holds.
    expect(tokens.at(-1)?.seq).toBe(20_000);
    expect(events.at(-1)).toMatchObject({ type: 'action_completed', seq: 20_001 });
  });

  it('drops a reader that never reads however the answer is split, keeping at most its limit queued', () => {
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT });
    const idle = broadcaster.subscribe('a');
    let peak = 0;
    for (let i = 0; i < 100_000 && !idle.dropped; i += 1) {
      broadcaster.publish('a', 't', token('0123456'));
      peak = Math.max(peak, idle.queuedBytes);
    }
    expect(idle.dropped).toBe(true);
    expect(peak).toBeLessThanOrEqual(LIMIT);
    expect(broadcaster.subscriberCount('a')).toBe(0);
  });

  it('continues each session\'s seq from its ledger, reserving numbers in blocks', () => {
    const reserved = new Map<string, number>([['old', 41]]);
    const writes: [string, number][] = [];
    const ledger: SeqLedger = {
      reserved: (sessionId) => reserved.get(sessionId) ?? 0,
      reserve: (sessionId, upTo) => {
        writes.push([sessionId, upTo]);
        reserved.set(sessionId, upTo);
      },
    };
    const first = createBroadcaster({ queueLimitBytes: LIMIT, seqLedger: ledger });
    expect(first.publish('old', 't', token('x')).seq).toBe(42);
    expect(first.publish('new', 't', token('x')).seq).toBe(1);
    for (let i = 0; i < SEQ_RESERVATION_BLOCK; i += 1) first.publish('new', 't', token('x'));
    expect(writes).toEqual([
      ['old', 41 + SEQ_RESERVATION_BLOCK],
      ['new', SEQ_RESERVATION_BLOCK],
      ['new', 2 * SEQ_RESERVATION_BLOCK],
    ]);
    // A restarted engine (a new broadcaster) never reuses a number the old one may have sent.
    const restarted = createBroadcaster({ queueLimitBytes: LIMIT, seqLedger: ledger });
    expect(restarted.publish('new', 't', token('x')).seq).toBe(2 * SEQ_RESERVATION_BLOCK + 1);
  });

  it('unsubscribes on close and on break, ending a pending read', async () => {
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT });
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
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT });
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

  it('gives the approvals feed each approval once, from its own session, though ancestors hear it too', async () => {
    const broadcaster = createBroadcaster({ queueLimitBytes: LIMIT });
    const feed = broadcaster.subscribeApprovals();
    const parent = broadcaster.subscribe('parent');
    const approval = {
      id: 'ap1', sessionId: 'child', turnId: 'tc', actionId: 'a1', toolName: 'spawn_agent', actionType: 'create_agent', actionHash: 'h',
      summary: 'spawn', diff: '', reason: 'r', ruleIds: [], requestedAt: '', expiresAt: '', state: 'pending', scope: '', answeredBy: '', channel: '', answeredAt: '',
    };
    broadcaster.publish('child', 'tc', { type: 'approval_required', approval });
    broadcaster.publish('parent', 'tp', { type: 'approval_required', approval });
    broadcaster.publish('parent', 'tp', token('after'));
    expect((await take(parent, 2)).map((e) => [e.sessionId, e.type])).toEqual([
      ['parent', 'approval_required'],
      ['parent', 'llm_token'],
    ]);
    broadcaster.publish('child', 'tc', { type: 'approval_resolved', approval: { ...approval, state: 'approved' } });
    expect((await take(feed, 2)).map((e) => [e.sessionId, e.type])).toEqual([
      ['child', 'approval_required'],
      ['child', 'approval_resolved'],
    ]);
  });

  it('rejects a queue limit too small to hold one merged token event', () => {
    expect(() => createBroadcaster({ queueLimitBytes: 1000 })).toThrow(RangeError);
  });
});
