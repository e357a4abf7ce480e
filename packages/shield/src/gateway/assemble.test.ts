import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionHash } from '../action-hash.js';
import { compileShieldConfig, type ShieldOptions } from '../config/schema.js';
import type { ApprovalRequest, Classifier, Clock, ShieldPorts } from '../ports.js';
import type { HeuristicResult, HeuristicsFn } from '../tiers/tier1/heuristics-contract.js';
import { loadPolicy } from '../tiers/policy/load.js';
import type { ActionRequest } from '../types.js';
import { assembleShield } from './assemble.js';
import type { Judgement } from './judgement.js';
import type { Tier2Judge } from './tier2-judge.js';

const home = '/home/tester';
const workspace = mkdtempSync(join(tmpdir(), 'shield-gw-'));
const pass: HeuristicResult = { decision: 'PASS', confidence: 0.9, reason: 'looks ordinary', ruleIds: [] };
const passAll: HeuristicsFn = () => pass;

const policyFile = join(workspace, '..', `gw-policy-${process.pid}.yaml`);
writeFileSync(
  policyFile,
  `version: 1
name: gw
rules:
  deny:
    - { id: deny.ssh, reason: ssh keys, paths: ["~/.ssh/**"] }
  escalate:
    - { id: esc.sudo, reason: privilege, commands: ['\\bsudo\\b'] }
    - { id: esc.mail, reason: mail needs the evaluator, actions: [send_email], min_tier: 2 }
  allow:
    - { id: allow.ws, reason: workspace files, actions: [read_file, write_file], paths: ["{workspace}/**"] }
`,
);

function shieldWith(
  options: {
    config?: ShieldOptions;
    ports?: ShieldPorts;
    heuristics?: HeuristicsFn;
    tier2?: Tier2Judge;
  } = {},
) {
  const config = compileShieldConfig({ policy: policyFile, home, ...options.config });
  return assembleShield(config, options.ports ?? {}, {
    policy: loadPolicy(policyFile, { home }),
    heuristics: options.heuristics ?? passAll,
    tier2: options.tier2,
  });
}

const act = (type: string, payload: Record<string, unknown>): ActionRequest => ({ id: 'a1', type, payload });
const read = act('read_file', { path: 'notes.md' });

const judge = (answer: Judgement | (() => Promise<Judgement>), timeoutMs = 1_000): Tier2Judge => ({
  timeoutMs,
  detail: 'test judge',
  judge: typeof answer === 'function' ? answer : async () => answer,
});

describe('gateway order and minTier', () => {
  it('lets tier 1 allow plain workspace work, with the action hash and a latency', async () => {
    const verdict = await shieldWith().evaluate(read, { workspace });
    expect(verdict).toMatchObject({ decision: 'ALLOW', tier: 1, actionHash: actionHash(read) });
    expect(verdict.ruleIds).toContain('allow.ws');
    expect(verdict.latencyUs).toBeGreaterThanOrEqual(0);
  });

  it('allows at tier 0 only when minTier is 0, and never skips tier 1 otherwise', async () => {
    let heuristicsCalls = 0;
    const counting: HeuristicsFn = () => {
      heuristicsCalls++;
      return pass;
    };
    const fast = await shieldWith({ config: { minTier: 0 }, heuristics: counting }).evaluate(read, { workspace });
    expect(fast).toMatchObject({ decision: 'ALLOW', tier: 0 });
    expect(heuristicsCalls).toBe(0);
    const blocking: HeuristicsFn = () => ({ decision: 'BLOCK', confidence: 1, reason: 'bad', ruleIds: ['h.bad'] });
    const verdict = await shieldWith({ heuristics: blocking }).evaluate(read, { workspace });
    expect(verdict).toMatchObject({ decision: 'BLOCK', tier: 1, ruleIds: ['allow.ws', 'h.bad'] });
  });

  it('tells an observer how long each tier that ran took and what it answered', async () => {
    const seen: [number, string][] = [];
    const observeTier = (tier: 0 | 1 | 2 | 3, elapsedUs: number, outcome: string): void => {
      expect(elapsedUs).toBeGreaterThanOrEqual(0);
      seen.push([tier, outcome]);
    };
    const tier2 = judge({ decision: 'ALLOW', confidence: 0.9, reason: 'fine', ruleIds: ['tier2.allow'] });
    await shieldWith({ tier2 }).evaluate(act('send_email', { to: 'a@example.com' }), { workspace, observeTier });
    expect(seen).toEqual([
      [0, 'escalate'],
      [1, 'PASS'],
      [2, 'ALLOW'],
    ]);
    seen.length = 0;
    await shieldWith().evaluate(act('read_file', { path: '~/.ssh/id_rsa' }), { workspace, observeTier });
    expect(seen).toEqual([[0, 'deny']]);
  });

  it('blocks on a deny rule at tier 0 without consulting tier 1', async () => {
    const verdict = await shieldWith({ heuristics: () => expect.unreachable() as never }).evaluate(
      act('read_file', { path: '~/.ssh/id_rsa' }),
      { workspace },
    );
    expect(verdict).toMatchObject({ decision: 'BLOCK', tier: 0, ruleIds: ['deny.ssh'], reason: 'ssh keys' });
  });

  it('escalates an action the policy marks for a human even when later tiers see nothing wrong', async () => {
    const tier2 = judge({ decision: 'ALLOW', confidence: 0.9, reason: 'fine', ruleIds: ['tier2.allow'] });
    const verdict = await shieldWith({ tier2 }).evaluate(act('execute_command', { command: 'sudo ls' }), { workspace });
    expect(verdict).toMatchObject({ decision: 'ESCALATE', tier: 0, reason: 'privilege' });
    expect(verdict.ruleIds).toEqual(expect.arrayContaining(['esc.sudo', 'tier2.allow']));
  });

  it('lets tier 2 allow what the policy raised to tier 2, and escalates when tier 2 is absent', async () => {
    const mail = act('send_email', { to: 'a@b.example', body: 'hi' });
    const tier2 = judge({ decision: 'ALLOW', confidence: 0.8, reason: 'evaluator: fine', ruleIds: ['tier2.allow'] });
    expect(await shieldWith({ tier2 }).evaluate(mail, { workspace })).toMatchObject({ decision: 'ALLOW', tier: 2 });
    const offline = await shieldWith().evaluate(mail, { workspace });
    expect(offline).toMatchObject({ decision: 'ESCALATE', tier: 0 });
    expect(offline.reason).toContain('tier 2 is not configured');
  });

  it('honours a caller-raised minTier', async () => {
    const verdict = await shieldWith().evaluate(read, { workspace, minTier: 3 });
    expect(verdict).toMatchObject({ decision: 'ESCALATE', ruleIds: expect.arrayContaining(['shield.caller_min_tier']) });
  });

  it('escalates unknown action types even when the policy and heuristics pass them', async () => {
    const verdict = await shieldWith({ config: { minTier: 0 } }).evaluate(act('teleport', { to: 'mars' }), { workspace });
    expect(verdict.decision).toBe('ESCALATE');
    expect(verdict.ruleIds).toContain('shield.unknown_action_type');
  });

  it('sends a tier-1 escalation to tier 2, which may block it', async () => {
    const unsure: HeuristicsFn = () => ({ decision: 'ESCALATE', confidence: 0.5, reason: 'unsure', ruleIds: ['h.unsure'] });
    const tier2 = judge({ decision: 'BLOCK', confidence: 0.9, reason: 'evaluator: exfil', ruleIds: ['tier2.block'] });
    const verdict = await shieldWith({ heuristics: unsure, tier2 }).evaluate(read, { workspace });
    expect(verdict).toMatchObject({ decision: 'BLOCK', tier: 2, ruleIds: ['allow.ws', 'h.unsure', 'tier2.block'] });
  });
});

describe('fail closed', () => {
  it('blocks when the heuristics throw', async () => {
    const verdict = await shieldWith({ heuristics: () => { throw new Error('boom'); } }).evaluate(read, { workspace });
    expect(verdict).toMatchObject({ decision: 'BLOCK', tier: 1, ruleIds: ['allow.ws', 'shield.tier_error'] });
  });

  it('blocks when the classifier rejects or times out', async () => {
    const failing: Classifier = { classify: () => Promise.reject(new Error('onnx')) };
    expect(await shieldWith({ ports: { classifier: failing } }).evaluate(read, { workspace })).toMatchObject({
      decision: 'BLOCK',
      ruleIds: ['allow.ws', 'shield.tier_error'],
    });
    const hanging: Classifier = { classify: () => new Promise(() => undefined) };
    const verdict = await shieldWith({ ports: { classifier: hanging }, config: { tier1: { timeoutMs: 20 } } }).evaluate(read, {
      workspace,
    });
    expect(verdict).toMatchObject({ decision: 'BLOCK', tier: 1, ruleIds: ['allow.ws', 'shield.tier_timeout'] });
  });

  it('blocks when tier 2 times out, and aborts its call', async () => {
    let aborted = false;
    const slow: Tier2Judge = {
      timeoutMs: 20,
      detail: 'slow',
      judge: (_a, _c, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve({ decision: 'ALLOW', confidence: 1, reason: 'too late', ruleIds: [] });
          });
        }),
    };
    const verdict = await shieldWith({ tier2: slow }).evaluate(act('send_email', { to: 'x@y.example' }), { workspace });
    expect(verdict).toMatchObject({ decision: 'BLOCK', tier: 2, ruleIds: ['esc.mail', 'shield.tier_timeout'] });
    expect(aborted).toBe(true);
  });

  it('blocks malformed actions and never rejects', async () => {
    const shield = shieldWith();
    const bad = { id: 'x', type: 'read_file', payload: { n: Number.NaN } } as ActionRequest;
    expect(await shield.evaluate(bad)).toMatchObject({ decision: 'BLOCK', ruleIds: ['shield.malformed_action'] });
    const noPayload = { id: 'x', type: 'read_file' } as unknown as ActionRequest;
    expect(await shield.evaluate(noPayload)).toMatchObject({ decision: 'BLOCK', ruleIds: ['shield.malformed_action'] });
  });
});

describe('rate limit', () => {
  it('blocks past the per-minute limit and recovers when the window moves', async () => {
    let now = 1_000_000;
    const clock: Clock = { now: () => now, monotonicUs: () => now * 1000 };
    const shield = shieldWith({ config: { rateLimit: { perMinute: 2 } }, ports: { clock } });
    expect((await shield.evaluate(read, { workspace })).decision).toBe('ALLOW');
    expect((await shield.evaluate(read, { workspace })).decision).toBe('ALLOW');
    expect(await shield.evaluate(read, { workspace })).toMatchObject({ decision: 'BLOCK', ruleIds: ['shield.rate_limited'] });
    now += 60_001;
    expect((await shield.evaluate(read, { workspace })).decision).toBe('ALLOW');
  });
});

describe('human mode', () => {
  it('asks the approver with the escalation and returns its tier-3 verdict', async () => {
    const asked: ApprovalRequest[] = [];
    const shield = shieldWith({
      config: { mode: 'human' },
      ports: {
        humanApprover: {
          request: async (request) => {
            asked.push(request);
            return { approved: true, actionHash: request.actionHash, by: 'alice' };
          },
        },
      },
    });
    const action = act('execute_command', { command: 'sudo apt update' });
    const verdict = await shield.evaluate(action, { workspace });
    expect(verdict).toMatchObject({ decision: 'ALLOW', tier: 3, actionHash: actionHash(action) });
    expect(asked[0]?.escalation).toMatchObject({ decision: 'ESCALATE', ruleIds: expect.arrayContaining(['esc.sudo']) });
  });

  it('refuses human mode without an approver', () => {
    expect(() => shieldWith({ config: { mode: 'human' } })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  });
});

describe('status', () => {
  it('reports each tier, with 1b absent when no classifier is installed', () => {
    const status = shieldWith().status();
    expect(status.policy.name).toBe('gw');
    expect(status.tiers.find((t) => t.tier === '1b')).toEqual({
      tier: '1b',
      name: 'classifier',
      available: false,
      detail: 'absent: no model installed',
    });
    expect(status.tiers.find((t) => t.tier === '2')?.available).toBe(false);
    const withAll = shieldWith({ ports: { classifier: { classify: async () => ({ injection: 0 }), describe: () => 'tiny' } }, tier2: judge(
      { decision: 'ALLOW', confidence: 1, reason: 'ok', ruleIds: [] },
    ) }).status();
    expect(withAll.tiers.find((t) => t.tier === '1b')).toMatchObject({ available: true, detail: 'tiny' });
    expect(withAll.tiers.find((t) => t.tier === '2')).toMatchObject({ available: true, detail: 'test judge' });
  });
});
