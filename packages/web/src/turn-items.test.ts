import { describe, expect, it } from 'vitest';
import type { Event__Output } from '@parapet/wire/messages';
import { fromProtoJson } from '@parapet/wire/proto-json';
import { applyEvent, type ChatItem } from './turn-items.js';

/** An event as the page gets it: canonical proto3 JSON from the socket, decoded as the Connection does. */
function event(body: Record<string, unknown>): Event__Output {
  return fromProtoJson('Event', { sessionId: 's1', turnId: 't1', seq: '1', ts: '2026-11-23T22:00:00Z', ...body }) as unknown as Event__Output;
}

function fold(events: readonly Event__Output[], start: ChatItem[] = [{ kind: 'user', key: 'u1', text: 'hi' }], userKey = 'u1'): ChatItem[] {
  return events.reduce((items, next) => applyEvent(items, next, userKey), start);
}

const shown = (items: readonly ChatItem[]): string[] =>
  items.map((item) => {
    switch (item.kind) {
      case 'notice':
        return `notice: ${item.text}`;
      case 'assistant':
        return `${item.streaming ? 'streaming' : 'answer'}: ${item.text}`;
      case 'action':
        return `action ${item.action.started.call_id}: ${item.action.completed?.error_code ?? 'open'}`;
      default:
        return item.kind;
    }
  });

describe('the conversation folds a turn\'s notices in the words every client uses', () => {
  it('a retry and a move to another model come before the answer, as quiet notices', () => {
    const items = fold([
      event({ llmRetry: { attempt: 1, maxRetries: 3, model: 'primary', code: 'LLM_UNAVAILABLE', reason: 'rate   limited\nslow down', delayMs: '1000' } }),
      event({ modelFailover: { fromModel: 'primary', toModel: 'fallback', reason: 'down' } }),
      event({ llmToken: { text: 'Here ' } }),
      event({ llmToken: { text: 'it is.' } }),
      event({ responseComplete: { messageId: 'm1', content: 'Here it is.' } }),
    ]);
    expect(shown(items)).toEqual([
      'user',
      'notice: model primary failed: rate limited slow down; retry 1 of 3 in 1000 ms',
      'notice: moved from model primary to fallback',
      'answer: Here it is.',
    ]);
  });

  it('the token cap after streamed text: the answer replaces the stream, the notice stays, nothing is left streaming', () => {
    const message = 'This turn stopped after using 1100 tokens, over its cap of 1000 (guardrails.max_turn_tokens).';
    const items = fold([
      event({ llmToken: { text: 'Let me look.' } }),
      event({ turnCapped: { tokensUsed: '1100', tokenCap: '1000', message } }),
      event({ responseComplete: { messageId: 'm1', content: `Let me look.\n\n${message}` } }),
    ]);
    expect(shown(items)).toEqual(['user', `notice: ${message}`, `answer: Let me look.\n\n${message}`]);
  });

  it('a compacted history is said once, with the count', () => {
    const items = fold([event({ historyCompacted: { foldedMessages: 12 } })]);
    expect(shown(items)).toEqual(['user', 'notice: history compacted: 12 earlier messages summarised']);
  });

  it('calls refused over the reply\'s cap (no action id) each get their own card and result, and an earlier turn\'s card keeps its own', () => {
    const refused = (callId: string, code: string) => [
      event({ actionStarted: { callId, toolName: 'write_file', argumentsJson: '{}' } }),
      event({ actionCompleted: { callId, toolName: 'write_file', isError: true, output: `[${code}] ${callId} refused`, errorCode: code } }),
    ];
    const earlier = fold(refused('c1', 'TOOL_UNKNOWN'), [{ kind: 'user', key: 'u0', text: 'first' }], 'u0');
    const items = fold(
      [
        event({ actionStarted: { actionId: 'a1', callId: 'c1', toolName: 'write_file', argumentsJson: '{}' } }),
        ...refused('c2', 'TOOL_CALL_LIMIT'),
        ...refused('c3', 'TOOL_CALL_LIMIT'),
        event({ actionCompleted: { actionId: 'a1', callId: 'c1', toolName: 'write_file', output: 'ok' } }),
      ],
      [...earlier, { kind: 'user', key: 'u1', text: 'second' }],
    );
    expect(shown(items)).toEqual(['user', 'action c1: TOOL_UNKNOWN', 'user', 'action c1: ', 'action c2: TOOL_CALL_LIMIT', 'action c3: TOOL_CALL_LIMIT']);
    const outputs = items.flatMap((item) => (item.kind === 'action' ? [item.action.completed?.output] : []));
    expect(outputs).toEqual(['[TOOL_UNKNOWN] c1 refused', 'ok', '[TOOL_CALL_LIMIT] c2 refused', '[TOOL_CALL_LIMIT] c3 refused']);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });
});
