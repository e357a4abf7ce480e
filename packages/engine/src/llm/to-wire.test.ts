import { describe, expect, it } from 'vitest';
import { toWireLlmPart } from './to-wire.js';

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
