import { describe, expect, it } from 'vitest';
import type { ApprovalAnswer, Clock, HumanApprover } from '../../ports.js';
import { SlidingWindowLimiter } from '../../sliding-window.js';
import type { Verdict } from '../../types.js';
import { requestHumanApproval } from './request-approval.js';

let now = 0;
const clock: Clock = { now: () => now, monotonicUs: () => now * 1000 };
const escalation: Verdict = {
  decision: 'ESCALATE',
  tier: 1,
  confidence: 0.5,
  reason: 'unsure',
  ruleIds: ['h.unsure'],
  actionHash: 'abc',
  latencyUs: 10,
};
const request = { action: { id: 'a', type: 'execute_command', payload: { command: 'make deploy' } }, actionHash: 'abc', escalation };
const answering = (answer: Partial<ApprovalAnswer>): HumanApprover => ({
  request: async (r) => ({ approved: true, actionHash: r.actionHash, ...answer }),
});
const options = (cap = 10, timeoutMs = 1_000) => ({ timeoutMs, hourlyCap: new SlidingWindowLimiter(cap, 3_600_000, clock), clock });

describe('requestHumanApproval', () => {
  it('allows at tier 3 on an approval bound to this action', async () => {
    const verdict = await requestHumanApproval(answering({ by: 'alice' }), request, options());
    expect(verdict).toMatchObject({ decision: 'ALLOW', tier: 3, actionHash: 'abc', reason: 'approved by alice' });
    expect(verdict.ruleIds).toEqual(['h.unsure', 'human.approved']);
  });

  it('denies a refusal, an answer for another action hash, and an approver failure', async () => {
    expect(await requestHumanApproval(answering({ approved: false }), request, options())).toMatchObject({
      decision: 'BLOCK',
      ruleIds: ['h.unsure', 'human.denied'],
    });
    expect(await requestHumanApproval(answering({ actionHash: 'other' }), request, options())).toMatchObject({
      decision: 'BLOCK',
      ruleIds: ['h.unsure', 'human.hash_mismatch'],
    });
    const broken: HumanApprover = { request: () => Promise.reject(new Error('no clients')) };
    expect(await requestHumanApproval(broken, request, options())).toMatchObject({ decision: 'BLOCK', ruleIds: ['h.unsure', 'human.error'] });
  });

  it('denies on timeout and aborts the pending request', async () => {
    let signalled: AbortSignal | undefined;
    const silent: HumanApprover = {
      request: (_r, signal) => {
        signalled = signal;
        return new Promise(() => undefined);
      },
    };
    const verdict = await requestHumanApproval(silent, request, options(10, 20));
    expect(verdict).toMatchObject({ decision: 'BLOCK', tier: 3, ruleIds: ['h.unsure', 'human.timeout'] });
    expect(signalled?.aborted).toBe(true);
  });

  it('denies without asking once the hourly cap is reached, and asks again an hour later', async () => {
    let asked = 0;
    const counting: HumanApprover = {
      request: async (r) => {
        asked++;
        return { approved: true, actionHash: r.actionHash };
      },
    };
    const shared = options(2);
    expect((await requestHumanApproval(counting, request, shared)).decision).toBe('ALLOW');
    expect((await requestHumanApproval(counting, request, shared)).decision).toBe('ALLOW');
    expect(await requestHumanApproval(counting, request, shared)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: ['h.unsure', 'human.hourly_cap'],
    });
    expect(asked).toBe(2);
    now += 3_600_001;
    expect((await requestHumanApproval(counting, request, shared)).decision).toBe('ALLOW');
  });
});
