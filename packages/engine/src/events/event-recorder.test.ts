import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventLogRepo } from '../storage/event-log.js';
import { RECORD_BATCH_MS, createEventRecorder } from './event-recorder.js';
import type { EngineEvent } from '@parapet/wire/client';

type Stored = Parameters<EventLogRepo['appendBatch']>[0];

function logOfBatches(): { log: EventLogRepo; batches: Stored[] } {
  const batches: Stored[] = [];
  return { batches, log: { appendBatch: (events) => void batches.push(events), after: () => [] } };
}

const event = (seq: number, type: 'action_started' | 'action_completed'): EngineEvent =>
  ({ sessionId: 's1', turnId: 't1', seq, ts: '2026-11-23T00:00:00.000Z', type, actionId: `a${seq}`, callId: 'c1', toolName: 'read_file' }) as unknown as EngineEvent;

describe('event recorder', () => {
  // The batch timer is faked; setImmediate stays real, so the test can pass turns of the event loop.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('writes the events of several turns of the event loop in one batch, in order', async () => {
    const { log, batches } = logOfBatches();
    const recorder = createEventRecorder(log, { onError: (error) => expect.fail(String(error)) });
    recorder.record(event(1, 'action_started'));
    vi.advanceTimersByTime(RECORD_BATCH_MS);
    expect(batches).toHaveLength(1);
    recorder.record(event(2, 'action_started'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    recorder.record(event(3, 'action_completed'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(RECORD_BATCH_MS);
    expect(batches).toHaveLength(2);
    expect(batches[1]?.map((stored) => [stored.seq, JSON.parse(stored.body).type])).toEqual([
      [2, 'action_started'],
      [3, 'action_completed'],
    ]);
  });

  it('writes what is queued at once when flushed (before a replay, at shutdown), and nothing twice', () => {
    const { log, batches } = logOfBatches();
    const recorder = createEventRecorder(log, { onError: (error) => expect.fail(String(error)) });
    recorder.record(event(1, 'action_started'));
    recorder.flush();
    expect(batches.map((batch) => batch.map((stored) => stored.seq))).toEqual([[1]]);
    vi.advanceTimersByTime(RECORD_BATCH_MS);
    expect(batches).toHaveLength(1);
  });
});
