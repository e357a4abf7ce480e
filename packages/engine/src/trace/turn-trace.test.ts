import { describe, expect, it } from 'vitest';
import { createTurnTrace, MAX_SPANS_PER_TURN } from './turn-trace.js';
import { traceLabel } from './label.js';
import { tracedModelRound } from './traced-model-round.js';

/** A clock the test moves by hand. */
function manualClock(start = 1000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('createTurnTrace', () => {
  it('records nested spans with parents, durations and attributes, once', () => {
    const clock = manualClock();
    const trace = createTurnTrace('turn', { turn_id: 'T1' }, clock.now);
    const call = trace.root.child('tool read_file');
    clock.advance(2);
    const shield = call.child('shield');
    clock.advance(3);
    shield.childEndedNow('tier 0', 1.5, { outcome: 'allow' });
    shield.end();
    shield.end({ ignored: true });
    call.end({ outcome: 'OK' });
    clock.advance(5);
    const spans = trace.finish();
    expect(spans).toEqual([
      { spanId: 1, name: 'turn', startedAtMs: 1000, durationMs: 10, attributes: { turn_id: 'T1' } },
      { spanId: 2, parentId: 1, name: 'tool read_file', startedAtMs: 1000, durationMs: 5, attributes: { outcome: 'OK' } },
      { spanId: 3, parentId: 2, name: 'shield', startedAtMs: 1002, durationMs: 3, attributes: {} },
      { spanId: 4, parentId: 3, name: 'tier 0', startedAtMs: 1003.5, durationMs: 1.5, attributes: { outcome: 'allow' } },
    ]);
    expect(trace.finish()).toEqual([]);
    trace.root.child('late').end();
  });

  it('marks a span still open at the end as unfinished and stops at its span cap', () => {
    const clock = manualClock();
    const trace = createTurnTrace('turn', {}, clock.now);
    trace.root.child('prompt');
    for (let i = 0; i < MAX_SPANS_PER_TURN + 10; i += 1) trace.root.child('stage').end();
    clock.advance(4);
    const spans = trace.finish();
    expect(spans).toHaveLength(MAX_SPANS_PER_TURN);
    expect(spans[1]).toMatchObject({ name: 'prompt', durationMs: 4, attributes: { unfinished: true } });
  });
});

describe('tracedModelRound', () => {
  it('notes the time to the first token, the tokens and the tool calls, passing every part on', async () => {
    const clock = manualClock();
    const trace = createTurnTrace('turn', {}, clock.now);
    async function* model() {
      clock.advance(40);
      yield { text_delta: 'Hel' };
      clock.advance(10);
      yield { tool_call: { id: 'c1', name: 'read_file', arguments_json: '{}' } };
      yield { finish: { reason: 'tool_calls', usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } } };
    }
    const parts = [];
    for await (const part of tracedModelRound(model(), trace.root.child('model round 1'), clock.now)) parts.push(part);
    expect(parts).toHaveLength(3);
    expect(trace.finish()[1]).toMatchObject({
      name: 'model round 1',
      durationMs: 50,
      attributes: { ttft_ms: 40, finish: 'tool_calls', prompt_tokens: 12, completion_tokens: 3, tool_calls: 1 },
    });
  });
});

describe('traceLabel', () => {
  it('keeps a tool name as it is and cuts what an agent could abuse', () => {
    expect(traceLabel('read_file')).toBe('read_file');
    expect(traceLabel('x\u001b[2Jy z')).toBe('x??2Jy?z');
    expect(traceLabel('a'.repeat(1000))).toHaveLength(64);
  });
});
