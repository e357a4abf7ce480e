import { actionHash } from '../action-hash.js';
import { canonicalActionType } from '../action-types.js';
import type { ShieldConfig } from '../config/schema.js';
import { ShieldError } from '../errors.js';
import { canonicalPath } from '../paths.js';
import { noopLogger, systemClock, type ShieldPorts } from '../ports.js';
import { SlidingWindowLimiter } from '../sliding-window.js';
import type { HeuristicsFn } from '../tiers/tier1/heuristics-contract.js';
import { evaluateTier1, type Tier1Options } from '../tiers/tier1/tier1.js';
import { requestHumanApproval } from '../tiers/human/request-approval.js';
import type { CompiledPolicy, PolicyOutcome } from '../tiers/policy/policy.js';
import type { ActionRequest, EvaluationContext, Shield, Tier, Verdict } from '../types.js';
import { failClosed, guardTier, isPromiseLike, isTierFailure } from './fail-closed.js';
import type { Judgement, TierFailure } from './judgement.js';
import { describeStatus } from './status.js';
import type { Tier2Judge } from './tier2-judge.js';
import { makeVerdict, mergeRuleIds, type VerdictStamp } from './verdicts.js';

export interface ShieldParts {
  readonly policy: CompiledPolicy;
  readonly heuristics: HeuristicsFn;
  readonly tier2: Tier2Judge | undefined;
}

interface Escalation {
  readonly tier: Tier;
  readonly judgement: Judgement;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hashOf(action: ActionRequest): string | undefined {
  if (typeof action?.type !== 'string' || action.type.trim() === '' || !isPlainObject(action.payload)) return undefined;
  try {
    return actionHash(action);
  } catch {
    return undefined;
  }
}

const rule = (ruleId: string, reason: string, confidence = 1): Judgement => ({
  decision: 'ESCALATE',
  confidence,
  reason,
  ruleIds: [ruleId],
});

/**
 * Wires the tiers in DESIGN §6 order: rate limit → 0 → 1 → 2 → escalate (→ 3 in human mode).
 * Any tier may BLOCK; only a tier at or above the action's minTier may ALLOW. Each tier runs
 * through `guardTier`/`failClosed`, and the whole pipeline sits in a catch: evaluate never
 * rejects. Tiers that answer synchronously are chained without a promise per tier.
 */
export function assembleShield(config: ShieldConfig, ports: ShieldPorts, parts: ShieldParts): Shield {
  const clock = ports.clock ?? systemClock;
  const logger = ports.logger ?? noopLogger;
  const approver = ports.humanApprover;
  if (config.mode === 'human' && approver === undefined) {
    throw new ShieldError('CONFIG_INVALID', 'shield mode "human" needs a HumanApprover port');
  }
  const rateLimiter = config.rateLimit.enabled
    ? new SlidingWindowLimiter(config.rateLimit.perMinute, 60_000, clock)
    : undefined;
  const hourlyCap = new SlidingWindowLimiter(config.tier3.hourlyCap, 3_600_000, clock);
  const tier1Options: Tier1Options = {
    heuristics: parts.heuristics,
    classifier: ports.classifier,
    blockThreshold: config.tier1.blockThreshold,
    escalateThreshold: config.tier1.escalateThreshold,
    classifierRequiredFor: config.tier1.classifierRequiredFor,
  };
  const workspaces = new Map<string, string>();
  const canonicalWorkspace = (raw: string | undefined): string | undefined => {
    if (raw === undefined) return undefined;
    let canonical = workspaces.get(raw);
    if (canonical === undefined) {
      canonical = canonicalPath(raw, { home: config.home });
      if (workspaces.size > 64) workspaces.clear();
      workspaces.set(raw, canonical);
    }
    return canonical;
  };
  const logTierError = (tier: Tier) => (error: unknown) =>
    logger.error({ tier, err: error instanceof Error ? error.message : String(error) }, 'shield tier failed; blocking');
  const tierErrorLoggers = [logTierError(0), logTierError(1), logTierError(2), logTierError(3)] as const;

  /** `next(value)` now when `value` is ready, after it settles otherwise: tiers 0–1 usually answer synchronously. */
  const then = <T, R>(value: T | Promise<T>, next: (ready: T) => R | Promise<R>): R | Promise<R> =>
    isPromiseLike(value) ? value.then(next) : next(value);

  function pipeline(action: ActionRequest, context: EvaluationContext, stamp: VerdictStamp): Verdict | Promise<Verdict> {
    const workspace = canonicalWorkspace(context.workspace ?? config.workspace);
    const where = workspace === undefined ? { home: config.home } : { home: config.home, workspace };
    const escalations: Escalation[] = [];
    let ruleIds: string[] = [];
    let minTier: Tier = config.minTier;
    const raise = (to: Tier, tier: Tier, judgement: Judgement) => {
      if (to > minTier) minTier = to;
      escalations.push({ tier, judgement });
    };
    const block = (tier: Tier, judgement: Judgement) =>
      makeVerdict('BLOCK', tier, { ...judgement, ruleIds: mergeRuleIds(ruleIds, judgement.ruleIds) }, stamp);
    const allow = (tier: Tier, judgement: Judgement) =>
      makeVerdict('ALLOW', tier, { ...judgement, ruleIds: mergeRuleIds(ruleIds, judgement.ruleIds) }, stamp);

    if (context.minTier !== undefined && context.minTier > minTier) {
      raise(context.minTier, 0, rule('shield.caller_min_tier', `the caller requires tier ${context.minTier}`));
    } else if (minTier >= 2) {
      raise(minTier, 0, rule('shield.config_min_tier', `the configuration requires tier ${minTier}`));
    }
    if (canonicalActionType(action.type) === undefined) {
      raise(2, 0, rule('shield.unknown_action_type', `unknown action type "${action.type}" never passes on heuristics alone`));
    }

    const afterTier0 = (t0: PolicyOutcome | TierFailure): Verdict | Promise<Verdict> => {
      if (isTierFailure(t0)) return block(0, t0.judgement);
      switch (t0.kind) {
        case 'deny':
          return block(0, { decision: 'BLOCK', confidence: 1, reason: t0.rule.reason, ruleIds: [t0.rule.id] });
        case 'escalate':
          ruleIds = mergeRuleIds(ruleIds, [t0.rule.id]);
          raise(t0.minTier, 0, rule(t0.rule.id, t0.rule.reason));
          break;
        case 'allow':
          ruleIds = mergeRuleIds(ruleIds, [t0.rule.id]);
          if (minTier === 0) return allow(0, { decision: 'ALLOW', confidence: 1, reason: t0.rule.reason, ruleIds: [] });
          break;
        case 'unmatched':
          // unmatchedMinTier is at least 1: an action no rule names never passes on tier 0.
          if (t0.minTier > minTier) {
            raise(t0.minTier, 0, rule('policy.unmatched', `no rule of policy "${parts.policy.name}" allows this action`));
          }
          break;
      }
      const t1 = guardTier(
        1,
        () => evaluateTier1({ action, context: where, contextText: context.contextText }, tier1Options),
        config.tier1.timeoutMs,
        tierErrorLoggers[1],
      );
      return then(t1, afterTier1);
    };

    const afterTier1 = (t1: Judgement | TierFailure): Verdict | Promise<Verdict> => {
      if (isTierFailure(t1)) return block(1, t1.judgement);
      if (t1.decision === 'BLOCK') return block(1, t1);
      ruleIds = mergeRuleIds(ruleIds, t1.ruleIds);
      if (t1.decision === 'ESCALATE') raise(2, 1, t1);
      else if (minTier <= 1) return allow(1, { ...t1, reason: t1.reason === '' ? 'no tier found a problem' : t1.reason });
      const judge = parts.tier2;
      if (judge === undefined) return escalate(false);
      const t2 = failClosed(2, (signal) => judge.judge(action, context.contextText, signal), judge.timeoutMs, tierErrorLoggers[2]);
      return then(t2, (answer) => {
        if (isTierFailure(answer)) return block(2, answer.judgement);
        if (answer.decision === 'BLOCK') return block(2, answer);
        ruleIds = mergeRuleIds(ruleIds, answer.ruleIds);
        if (answer.decision === 'ESCALATE') escalations.push({ tier: 2, judgement: answer });
        else if (minTier <= 2) return allow(2, answer);
        return escalate(true);
      });
    };

    const escalate = (tier2Configured: boolean): Verdict | Promise<Verdict> => {
      const last = escalations.at(-1);
      const reasons = [...new Set(escalations.map((e) => e.judgement.reason))];
      if (!tier2Configured && minTier === 2) reasons.push('tier 2 is not configured, so a human must decide');
      const escalated = makeVerdict(
        'ESCALATE',
        last?.tier ?? 0,
        {
          confidence: last?.judgement.confidence ?? 0.5,
          reason: reasons.length > 0 ? reasons.join('; ') : 'a higher tier must decide',
          ruleIds: mergeRuleIds(ruleIds, ...escalations.map((e) => e.judgement.ruleIds)),
        },
        stamp,
      );
      if (config.mode !== 'human' || approver === undefined) return escalated;
      return requestHumanApproval(
        approver,
        { action, actionHash: stamp.actionHash, escalation: escalated },
        { timeoutMs: config.tier3.timeoutMs, hourlyCap, clock },
      );
    };

    // Policy evaluation is synchronous; `then` keeps the order right should that ever change.
    const t0 = guardTier(0, () => parts.policy.evaluate(action, where), config.tier1.timeoutMs, tierErrorLoggers[0]);
    return then(t0, afterTier0);
  }

  return {
    evaluate(action, context = {}) {
      const startedUs = clock.monotonicUs();
      const hash = hashOf(action);
      const stamp: VerdictStamp = { actionHash: hash ?? '', startedUs, nowUs: () => clock.monotonicUs() };
      const refuse = (ruleId: string, reason: string) =>
        makeVerdict('BLOCK', 0, { confidence: 1, reason, ruleIds: [ruleId] }, stamp);
      if (hash === undefined) return Promise.resolve(refuse('shield.malformed_action', 'the action is malformed (needs a type and an object payload)'));
      if (rateLimiter !== undefined && !rateLimiter.tryTake()) {
        return Promise.resolve(refuse('shield.rate_limited', `more than ${config.rateLimit.perMinute} actions in a minute`));
      }
      const failed = (error: unknown): Verdict => {
        tierErrorLoggers[0](error);
        return refuse('shield.tier_error', 'the shield failed while evaluating; blocked to stay safe');
      };
      try {
        const verdict = pipeline(action, context, stamp);
        return isPromiseLike(verdict) ? Promise.resolve(verdict).catch(failed) : Promise.resolve(verdict);
      } catch (error) {
        return Promise.resolve(failed(error));
      }
    },
    status: () => describeStatus(config, ports, parts),
  };
}
