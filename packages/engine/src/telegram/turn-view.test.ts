import { describe, expect, it } from 'vitest';
import type { EngineEvent, EventBody } from '@parapet/wire/client';
import { piecesToHtml } from './html.js';
import { TurnView } from './turn-view.js';

let seq = 0;
const event = (body: EventBody): EngineEvent => ({ sessionId: 'S', turnId: 'T', seq: ++seq, ts: '2026-01-01T00:00:00Z', ...body }) as EngineEvent;
const text = (view: TurnView): string => view.pieces().map((piece) => piece.text).join('');

describe('TurnView', () => {
  it('shows each tool call on its own line with its verdict and outcome, then the answer', () => {
    const view = new TurnView();
    view.apply(event({ type: 'llm_token', text: 'Let me look.' }));
    view.apply(event({ type: 'action_started', actionId: 'A', callId: 'C', toolName: 'read_file', actionType: 'read_file', argumentsJson: '{"path":"a<b>.txt"}', actionHash: 'h' }));
    view.apply(event({ type: 'shield_verdict', actionId: 'A', decision: 'ALLOW', tier: 0, confidence: 1, reason: '', ruleIds: [], latencyUs: 1 }));
    view.apply(event({ type: 'action_completed', actionId: 'A', callId: 'C', toolName: 'read_file', isError: false, output: 'x', errorCode: '' }));
    view.apply(event({ type: 'llm_token', text: 'It s' }));
    expect(text(view)).toBe('Let me look.\n⚙ read_file a<b>.txt · ALLOW ✓\nIt s');
    view.apply(event({ type: 'response_complete', messageId: 'M', content: 'It says x.', thoughts: '', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } }));
    expect(text(view)).toBe('Let me look.\n⚙ read_file a<b>.txt · ALLOW ✓\nIt says x.');
    expect(piecesToHtml(view.pieces())).toContain('<code>read_file</code> a&lt;b&gt;.txt · <b>ALLOW</b>');
    expect(view.done).toBe(true);
  });

  it('names refusals by their code and a failed turn by its error', () => {
    const view = new TurnView();
    view.apply(event({ type: 'action_started', actionId: '', callId: 'C', toolName: 'delete_file', actionType: '', argumentsJson: '{"path":"/etc/x"}', actionHash: '' }));
    view.apply(event({ type: 'action_completed', actionId: '', callId: 'C', toolName: 'delete_file', isError: true, output: '', errorCode: 'PATH_OUTSIDE_WORKSPACE' }));
    view.apply(event({ type: 'error', code: 'LLM_UNAVAILABLE', message: 'no model', retryable: true }));
    expect(text(view)).toBe('⚙ delete_file /etc/x ✗ PATH_OUTSIDE_WORKSPACE\nLLM_UNAVAILABLE: no model');
  });

  it('tells the chat when the model was retried, replaced, capped or its history compacted', () => {
    const view = new TurnView();
    view.apply(event({ type: 'history_compacted', foldedMessages: 12 }));
    view.apply(event({ type: 'llm_retry', attempt: 1, maxRetries: 3, model: 'main', code: 'LLM_UNAVAILABLE', reason: 'HTTP 503\n  overloaded', delayMs: 500 }));
    view.apply(event({ type: 'model_failover', fromModel: 'main', toModel: 'backup', reason: 'circuit open' }));
    view.apply(event({ type: 'llm_token', text: 'Partial' }));
    view.apply(event({ type: 'turn_capped', tokensUsed: 9000, tokenCap: 8000, message: 'stopped: the turn used 9000 of its 8000 tokens' }));
    expect(text(view)).toBe(
      [
        'history compacted: 12 earlier messages summarised',
        'model main failed: HTTP 503 overloaded; retry 1 of 3 in 500 ms',
        'moved from model main to backup',
        'Partial',
        'stopped: the turn used 9000 of its 8000 tokens',
      ].join('\n'),
    );
  });

  it('says so when a turn ends with nothing to show', () => {
    const view = new TurnView();
    view.fail('stopped');
    expect(text(view)).toBe('stopped');
    const empty = new TurnView();
    empty.apply(event({ type: 'response_complete', messageId: 'M', content: '', thoughts: '', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } }));
    expect(text(empty)).toBe('(no answer)');
  });
});
