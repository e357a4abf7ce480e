import { describe, expect, it } from 'vitest';
import { ProtoJsonError, fromProtoJson, toProtoJson } from './proto-json.js';

describe('canonical proto3 JSON', () => {
  it('writes lowerCamelCase names, int64 as a string, and leaves defaults out', () => {
    const json = toProtoJson('Event', {
      session_id: 'S1',
      turn_id: '',
      seq: 42,
      ts: '2026-01-01T00:00:00Z',
      shield_verdict: { action_id: 'A1', decision: 'BLOCK', tier: 1, confidence: 0.9, reason: 'outside', rule_ids: ['path.outside'], latency_us: 12 },
    });
    expect(json).toEqual({
      sessionId: 'S1',
      seq: '42',
      ts: '2026-01-01T00:00:00Z',
      shieldVerdict: { actionId: 'A1', decision: 'BLOCK', tier: 1, confidence: 0.9, reason: 'outside', ruleIds: ['path.outside'], latencyUs: '12' },
    });
  });

  it('reads it back into the generated output shape, with defaults and the oneof name', () => {
    const event = fromProtoJson('Event', { sessionId: 'S1', seq: '42', llmToken: { text: '' } });
    expect(event).toMatchObject({ session_id: 'S1', turn_id: '', seq: 42, kind: 'llm_token', llm_token: { text: '' }, error: null });
  });

  it('accepts proto field names too, as proto3 JSON parsers must', () => {
    expect(fromProtoJson('SendMessageRequest', { session_id: 'S1', text: 'hi' })).toEqual({ session_id: 'S1', text: 'hi', channel: '' });
  });

  it('refuses unknown fields, wrong types and two oneof members, naming the field', () => {
    expect(() => fromProtoJson('SendMessageRequest', { text: 'hi', sessionID: 'S1' })).toThrow(/sessionID: unknown field/);
    expect(() => fromProtoJson('SendMessageRequest', { text: 42 })).toThrow(ProtoJsonError);
    expect(() => fromProtoJson('ListSessionsRequest', { limit: 1.5 })).toThrow(/limit: expected an integer/);
    expect(() => fromProtoJson('Event', { llmToken: { text: 'a' }, error: { code: 'X' } })).toThrow(/only one of/);
    expect(() => fromProtoJson('GetStatusRequest', [])).toThrow(/expected an object/);
  });
});
