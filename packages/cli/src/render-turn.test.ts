import type { EngineEvent } from '@parapet/wire/client';
import { describe, expect, it } from 'vitest';
import { createTurnRenderer } from './render-turn.js';

const envelope = { sessionId: 'S1', turnId: 'T1', seq: 0, ts: '2026-01-01T00:00:00Z' };

function render(events: readonly EngineEvent[]) {
  let out = '';
  let err = '';
  const renderer = createTurnRenderer({ write: (text: string) => (out += text) }, { write: (text: string) => (err += text) });
  for (const event of events) renderer.event(event);
  const outcome = renderer.finish();
  return { out, err, outcome };
}

const readNotes: EngineEvent[] = [
  { ...envelope, type: 'session_created', title: '' },
  { ...envelope, type: 'message_stored', messageId: 'M1', role: 'user' },
  { ...envelope, type: 'llm_token', text: 'Let me look.' },
  { ...envelope, type: 'action_started', actionId: 'A1', callId: 'C1', toolName: 'read_file', actionType: 'read_file', argumentsJson: '{"path":"notes.txt"}', actionHash: 'h' },
  { ...envelope, type: 'shield_verdict', actionId: 'A1', decision: 'ALLOW', tier: 0, confidence: 1, reason: 'inside the workspace', ruleIds: ['policy.allow.workspace'], latencyUs: 30 },
  { ...envelope, type: 'action_completed', actionId: 'A1', callId: 'C1', toolName: 'read_file', isError: false, output: 'buy milk', errorCode: '' },
  { ...envelope, type: 'llm_token', text: 'It says: ' },
  { ...envelope, type: 'llm_token', text: 'buy milk.' },
  { ...envelope, type: 'response_complete', messageId: 'M2', content: 'It says: buy milk.', thoughts: 'Let me look.', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } },
];

describe('turn rendering', () => {
  it('shows streamed text, each action with its verdict and result, and the answer once', () => {
    const { out, err, outcome } = render(readNotes);
    expect(out).toBe(
      [
        'Let me look.',
        '→ read_file {"path":"notes.txt"}',
        '  shield: ALLOW (tier 0, policy.allow.workspace)',
        '  ✓ done',
        'It says: buy milk.',
        '',
      ].join('\n'),
    );
    expect(err).toBe('');
    expect(outcome).toEqual({ sessionId: 'S1', completed: true, error: undefined });
  });

  it('finishes a reply whose stream was cut for its size with the rest of what was stored, not a second copy', () => {
    const stored = 'abcdefgh\n\n[… cut by Parapet: this text was 20971520 bytes, only the first part is stored]';
    const { out } = render([
      { ...envelope, type: 'llm_token', text: 'abc' },
      { ...envelope, type: 'llm_token', text: 'def' },
      { ...envelope, type: 'response_complete', messageId: 'M', content: stored, thoughts: '', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } },
    ]);
    expect(out).toBe(`${stored}\n`);
  });

  it('reports a blocked action with the reason, and an action refused before the Shield', () => {
    const { out } = render([
      { ...envelope, type: 'action_started', actionId: 'A1', callId: 'C1', toolName: 'delete_file', actionType: 'delete_file', argumentsJson: '{"path":"x"}', actionHash: 'h' },
      { ...envelope, type: 'shield_verdict', actionId: 'A1', decision: 'BLOCK', tier: 0, confidence: 1, reason: 'deletes are denied\nby policy', ruleIds: ['policy.deny.delete'], latencyUs: 30 },
      { ...envelope, type: 'action_completed', actionId: 'A1', callId: 'C1', toolName: 'delete_file', isError: true, output: 'blocked by the Shield: deletes are denied', errorCode: 'SHIELD_BLOCKED' },
      { ...envelope, type: 'action_started', actionId: 'A2', callId: 'C2', toolName: 'delete_file', actionType: 'delete_file', argumentsJson: '{"path":"/tmp/outside.txt"}', actionHash: 'h' },
      { ...envelope, type: 'action_completed', actionId: 'A2', callId: 'C2', toolName: 'delete_file', isError: true, output: '[PATH_OUTSIDE_WORKSPACE] /tmp/outside.txt is outside the workspace', errorCode: 'PATH_OUTSIDE_WORKSPACE' },
      { ...envelope, type: 'action_started', actionId: 'A3', callId: 'C3', toolName: 'read_file', actionType: 'read_file', argumentsJson: '{"path":"gone.txt"}', actionHash: 'h' },
      { ...envelope, type: 'action_completed', actionId: 'A3', callId: 'C3', toolName: 'read_file', isError: true, output: 'no such file', errorCode: 'EXECUTION_FAILED' },
      { ...envelope, type: 'response_complete', messageId: 'M', content: 'I could not do that.', thoughts: '', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } },
    ]);
    expect(out.split('\n')).toEqual([
      '→ delete_file {"path":"x"}',
      '  shield: BLOCK (tier 0, policy.deny.delete): deletes are denied by policy',
      '  ✗ blocked: blocked by the Shield: deletes are denied (SHIELD_BLOCKED)',
      '→ delete_file {"path":"/tmp/outside.txt"}',
      '  ✗ blocked: /tmp/outside.txt is outside the workspace (PATH_OUTSIDE_WORKSPACE)',
      '→ read_file {"path":"gone.txt"}',
      '  ✗ failed: no such file (EXECUTION_FAILED)',
      'I could not do that.',
      '',
    ]);
  });

  it('fails the turn on an error event, with one line on stderr', () => {
    const { out, err, outcome } = render([
      { ...envelope, type: 'llm_token', text: 'Work' },
      { ...envelope, type: 'error', code: 'AGENT_CRASHED', message: 'the agent died\nmid-turn', retryable: true },
    ]);
    expect(out).toBe('Work\n');
    expect(err).toBe('parapet: turn failed: the agent died mid-turn (AGENT_CRASHED)\n');
    expect(outcome.error).toEqual({ code: 'AGENT_CRASHED', message: 'the agent died\nmid-turn' });
    expect(outcome.completed).toBe(false);
  });

  it('says on stderr that a turn waits behind the session\'s earlier ones, then renders it as usual', () => {
    const { out, err, outcome } = render([{ ...envelope, type: 'turn_queued', daemonAtCapacity: false, turnsAhead: 2 }, ...readNotes.slice(1)]);
    expect(err).toBe('(queued: 2 earlier turns of this session first)\n');
    expect(out).toBe(render(readNotes).out);
    expect(outcome.completed).toBe(true);
  });

  it('says on stderr when the daemon is at its cap, and when a sub-agent starts and ends', () => {
    const child = { childSessionId: 'S2', childTurnId: 'T2', parentCallId: 'c1', depth: 1 } as const;
    const { err } = render([
      { ...envelope, type: 'turn_queued', daemonAtCapacity: true, turnsAhead: 3 },
      { ...envelope, type: 'subagent', ...child, finished: false, errorCode: '' },
      { ...envelope, type: 'subagent', ...child, finished: true, errorCode: 'MAX_ROUNDS' },
    ]);
    expect(err.split('\n').slice(0, 3)).toEqual([
      '(queued: the daemon runs as many turns as it may; 3 to end first)',
      '(sub-agent (depth 1, session S2) started)',
      '(sub-agent (depth 1, session S2) failed: MAX_ROUNDS)',
    ]);
  });

  it('treats a stream that ends without an answer as a failure', () => {
    const { err, outcome } = render([{ ...envelope, type: 'message_stored', messageId: 'M1', role: 'user' }]);
    expect(outcome.error?.code).toBe('INTERNAL');
    expect(err).toBe('parapet: the engine ended the turn without an answer\n');
  });
});

describe('turn rendering on a colour terminal', () => {
  it('colours the action, the verdict by its decision and the result; the text stays as streamed', () => {
    let out = '';
    const renderer = createTurnRenderer({ write: (text: string) => (out += text) }, { write: () => undefined }, { color: true });
    for (const event of readNotes) renderer.event(event);
    renderer.finish();
    expect(out).toBe(
      'Let me look.\n\u001b[36m→ read_file {"path":"notes.txt"}\u001b[0m\n\u001b[32m  shield: ALLOW (tier 0, policy.allow.workspace)\u001b[0m\n\u001b[32m  ✓ done\u001b[0m\nIt says: buy milk.\n',
    );
    let blocked = '';
    const second = createTurnRenderer({ write: (text: string) => (blocked += text) }, { write: () => undefined }, { color: true });
    second.event({ ...envelope, type: 'shield_verdict', actionId: 'A2', decision: 'BLOCK', tier: 1, confidence: 1, reason: 'outside', ruleIds: [], latencyUs: 1 });
    expect(blocked).toBe('\u001b[31m  shield: BLOCK (tier 1): outside\u001b[0m\n');
  });
});
