import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '@parapet/wire/client';
import { eventFrame } from './event-frames.js';

const event: EngineEvent = { sessionId: 's1', turnId: 't1', seq: 7, ts: '2026-11-23T10:00:00.000Z', type: 'llm_token', text: 'héllo' };

describe('event frames', () => {
  it('encodes an event once per call id: every socket following it under that id gets the same bytes', () => {
    const first = eventFrame(1, event);
    expect(eventFrame(1, event)).toBe(first);
    expect(JSON.parse(first.toString('utf8'))).toEqual({
      id: 1,
      event: { sessionId: 's1', turnId: 't1', seq: '7', ts: '2026-11-23T10:00:00.000Z', llmToken: { text: 'héllo' } },
    });
    const other = eventFrame(2, event);
    expect(other).not.toBe(first);
    expect(JSON.parse(other.toString('utf8'))).toMatchObject({ id: 2, event: { llmToken: { text: 'héllo' } } });
  });
});
