import type { AgentEvent, EngineDirective__Output } from '@parapet/wire';
import { describe, expect, it } from 'vitest';
import type { TurnChannel } from '../loop/turn-channel.js';
import { parseCompactionReply } from './compaction-prompt.js';
import { Conversation } from './conversation.js';

/** A channel whose model answers every request with `reply`. */
function channelAnswering(reply: string): { channel: TurnChannel; sent: AgentEvent[] } {
  const sent: AgentEvent[] = [];
  let requests = 0;
  const pending: EngineDirective__Output[] = [];
  const channel: TurnChannel = {
    turnId: 't1',
    send: (event) => {
      sent.push(event);
      const id = event.llm_request?.request_id;
      if (id === undefined) return;
      pending.push(
        { llm_part: { request_id: id, text_delta: reply, part: 'text_delta' }, directive: 'llm_part' } as unknown as EngineDirective__Output,
        { llm_part: { request_id: id, finish: { reason: 'stop', usage: null }, part: 'finish' }, directive: 'llm_part' } as unknown as EngineDirective__Output,
      );
    },
    receive: async () => pending.shift() ?? Promise.reject(new Error('no directive')),
    openLlmRequest: () => `r${(requests += 1)}`,
  };
  return { channel, sent };
}

const turn = (question: string, answer: string) => [
  { role: 'user', content: question, tool_calls: [], tool_call_id: '' },
  { role: 'assistant', content: answer, tool_calls: [], tool_call_id: '' },
];

describe('parseCompactionReply', () => {
  it('splits the summary from the listed facts', () => {
    expect(parseCompactionReply('SUMMARY:\nWe planned a trip.\nFACTS:\n- Ana is allergic to peanuts\n* lives in Porto\n')).toEqual({
      summary: 'We planned a trip.',
      facts: ['Ana is allergic to peanuts', 'lives in Porto'],
    });
  });

  it('takes a reply without headings as all summary', () => {
    expect(parseCompactionReply('Just talk so far.')).toEqual({ summary: 'Just talk so far.', facts: [] });
  });
});

describe('Conversation.compact', () => {
  const start = {
    systemPrompt: 'sys',
    earlierSummary: '',
    history: [...turn('q1', 'a1'), ...turn('q2', 'a2')],
    userMessage: 'q3',
    knownNotes: '- 2026-11-01: Lives in Porto',
  };

  it('folds the oldest turns into a quoted summary, flushes new facts and reports what it covered', async () => {
    const { channel, sent } = channelAnswering('SUMMARY:\nAsked q1.\nFACTS:\n- Ana is allergic to peanuts\n- lives in porto');
    const conversation = new Conversation(start);
    expect(await conversation.compact(channel, 2)).toBe(true);
    expect(sent.filter((e) => e.token_delta)).toEqual([]);
    expect(sent.flatMap((e) => (e.memory_flush ? [e.memory_flush.content] : []))).toEqual(['Ana is allergic to peanuts']);
    expect(sent.find((e) => e.history_compacted)?.history_compacted).toEqual({ turn_id: 't1', summary: 'Asked q1.', covered: 2 });
    const messages = conversation.messages();
    expect(messages.map((m) => m.content)).toEqual(['sys', expect.stringContaining('> Asked q1.'), 'q2', 'a2', 'q3']);
  });

  it('refuses a cut inside a turn, so no tool message is parted from its call', async () => {
    const { channel, sent } = channelAnswering('SUMMARY:\nx');
    const conversation = new Conversation(start);
    expect(await conversation.compact(channel, 1)).toBe(false);
    expect(sent).toEqual([]);
    expect(conversation.historyLength).toBe(4);
  });
});
