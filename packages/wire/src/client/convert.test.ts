import type { Event__Output, Status__Output } from '../index.js';
import { describe, expect, it } from 'vitest';
import { eventFromProto, statusFromProto } from './convert.js';

const envelope = { session_id: 'S1', turn_id: 'T1', seq: 3, ts: '2026-01-01T00:00:00Z' };

describe('wire conversion', () => {
  it('refuses a shield verdict whose decision it does not know instead of guessing', () => {
    const event: Event__Output = {
      ...envelope,
      kind: 'shield_verdict',
      shield_verdict: { action_id: 'A', decision: 'MAYBE', tier: 0, confidence: 1, reason: '', rule_ids: [], latency_us: 1 },
    };
    expect(() => eventFromProto(event)).toThrow('the engine sent a malformed event: unknown shield decision "MAYBE"');
  });

  it('skips an event kind from a newer engine rather than failing the turn', () => {
    expect(eventFromProto({ ...envelope })).toBeUndefined();
  });

  it('gives a completed response without usage zero usage', () => {
    const event = eventFromProto({ ...envelope, kind: 'response_complete', response_complete: { message_id: 'M', content: 'hi', thoughts: '', usage: null } });
    expect(event).toMatchObject({ type: 'response_complete', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } });
  });

  it('never reports a sandbox as strict unless the engine said so', () => {
    const status: Status__Output = { engine: null, agent: null, executor: null, model: null, shield: null, sandbox: null, approvals: null, commands: null, telegram: null, labeled_sessions: [], models: [] };
    expect(statusFromProto(status).sandbox).toMatchObject({ mode: 'weak', permissionModel: false, networkNamespace: false });
    const odd = statusFromProto({ ...status, sandbox: { mode: 'STRICT?', permission_model: true, network_namespace: true, empty_environment: true, canaries: [], missing: [], executor_confined: true } });
    expect(odd.sandbox.mode).toBe('weak');
    expect(statusFromProto(status).sandbox.executorConfined).toBe(false);
  });

  it('claims no command confinement and no network cut-off that the engine did not report', () => {
    const status: Status__Output = { engine: null, agent: null, executor: null, model: null, shield: null, sandbox: null, approvals: null, commands: null, telegram: null, labeled_sessions: [], models: [] };
    expect(statusFromProto(status).commands).toEqual({ layers: [], network: true });
  });
});
