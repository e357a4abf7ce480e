import { describe, expect, it } from 'vitest';
import { toWireLlmPart, wireModelRelay } from './to-wire.js';

describe('toWireLlmPart', () => {
  it('maps each relay part onto the wire oneof', () => {
    expect(toWireLlmPart({ kind: 'text', text: 'hi' })).toEqual({ text_delta: 'hi' });
    expect(toWireLlmPart({ kind: 'tool_call', id: 'c', name: 'read_file', argumentsJson: '{}' })).toEqual({
      tool_call: { id: 'c', name: 'read_file', arguments_json: '{}' },
    });
    expect(toWireLlmPart({ kind: 'finish', reason: 'stop', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } })).toEqual({
      finish: { reason: 'stop', usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } },
    });
    expect(toWireLlmPart({ kind: 'error', code: 'LLM_ERROR', message: 'm', retryable: false })).toEqual({
      error: { code: 'LLM_ERROR', message: 'm', retryable: false },
    });
  });
});

describe('wireModelRelay', () => {
  it('streams the relay parts in wire shape', async () => {
    const relay = {
      async *stream() {
        yield { kind: 'text', text: 'a' } as const;
        yield { kind: 'finish', reason: 'stop', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } } as const;
      },
    };
    const out = [];
    for await (const part of wireModelRelay(relay).stream({ messages: [], tools: [] }, new AbortController().signal)) out.push(part);
    expect(out).toEqual([{ text_delta: 'a' }, { finish: { reason: 'stop', usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } } }]);
  });
});
