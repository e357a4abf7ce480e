import { canonicalActionType } from '../action-types.js';
import type { ShieldConfig } from '../config/schema.js';
import type { PathContext } from '../paths.js';
import type { Clock, HumanApprover, UserGrants } from '../ports.js';
import type { SlidingWindowLimiter } from '../sliding-window.js';
import type { HeuristicsFn } from '../tiers/tier1/heuristics-contract.js';
import { evaluateTier1, type Tier1Options } from '../tiers/tier1/tier1.js';
import { requestHumanApproval } from '../tiers/human/request-approval.js';
import type { CompiledPolicy, PolicyOutcome } from '../tiers/policy/policy.js';
import type { ActionRequest, EvaluationContext, Tier, Verdict } from '../types.js';
import { failClosed, guardTier, isPromiseLike, isTierFailure } from './fail-closed.js';
import type { Judgement, TierFailure } from './judgement.js';
import type { Tier2Judge } from './tier2-judge.js';
import { makeVerdict, mergeRuleIds, type VerdictStamp } from './verdicts.js';

export interface ShieldParts {
  readonly policy: CompiledPolicy;
  readonly heuristics: HeuristicsFn;
  readonly tier2: Tier2Judge | undefined;
  /** The user's durable grants, checked after the policy's deny rules and before everything else. */
  readonly grants?: UserGrants;
}

/** What every evaluation shares: built once by assembleShield. */
export interface TierWiring {
  readonly config: ShieldConfig;
  readonly parts: ShieldParts;
  readonly tier1Options: Tier1Options;
  readonly approver: HumanApprover | undefined;
  readonly hourlyCap: SlidingWindowLimiter;
  readonly clock: Clock;
  /** By tier: logs an exception the tier threw (the tier then blocks). */
  readonly onTierError: readonly ((error: unknown) => void)[];
}

interface Escalation {
  readonly tier: Tier;
  readonly judgement: Judgement;
}

const rule = (ruleId: string, reason: string, confidence = 1): Judgement => ({
  decision: 'ESCALATE',
  confidence,
  reason,
  ruleIds: [ruleId],
});

const runPolicy = (run: TierRun): PolicyOutcome => {
  const outcome = run.wiring.parts.policy.evaluate(run.action, run.where);
  if (outcome.kind === 'deny') return outcome;
  const granted = run.wiring.parts.grants?.current()?.evaluate(run.action, run.where);
  return granted?.kind === 'allow' ? { kind: 'grant', rule: granted.rule } : outcome;
};
const runTier1 = (run: TierRun): Judgement | Promise<Judgement> => {
  const { userRequest, contextSignals, fileContents } = run.context;
  const context = {
    ...run.where,
    ...(userRequest === undefined ? {} : { userRequest }),
    ...(contextSignals === undefined ? {} : { contextSignals }),
    ...(fileContents === undefined ? {} : { fileContents }),
  };
  return evaluateTier1({ action: run.action, context, contextText: run.context.contextText }, run.wiring.tier1Options);
};

/**
 * One evaluation's walk through the tiers in DESIGN §6 order: 0 → 1 → 2 → escalate (→ 3 in human
 * mode). Any tier may BLOCK; only a tier at or above the action's minTier may ALLOW. Tiers that
 * answer synchronously are chained directly: no promise, timer or closure per tier.
 */
export class TierRun {
  private readonly escalations: Escalation[] = [];
  private ruleIds: string[] = [];
  private minTier: Tier;
  /** Set when the caller or the action's type demands more than the configuration: a grant cannot clear that. */
  private beyondGrants = false;
  /** When the tier now running started (monotonic µs); read only while a tier observer listens. */
  private tierStartedUs = 0;

  constructor(
    readonly wiring: TierWiring,
    readonly action: ActionRequest,
    readonly context: EvaluationContext,
    readonly where: PathContext,
    private readonly stamp: VerdictStamp,
  ) {
    this.minTier = wiring.config.minTier;
  }

  run(): Verdict | Promise<Verdict> {
    const { config } = this.wiring;
    if (this.context.minTier !== undefined && this.context.minTier > this.minTier) {
      this.beyondGrants = true;
      this.raise(this.context.minTier, 0, rule('shield.caller_min_tier', `the caller requires tier ${this.context.minTier}`));
    } else if (this.minTier >= 2) {
      this.raise(this.minTier, 0, rule('shield.config_min_tier', `the configuration requires tier ${this.minTier}`));
    }
    if (canonicalActionType(this.action.type) === undefined) {
      this.beyondGrants = true;
      this.raise(2, 0, rule('shield.unknown_action_type', `unknown action type "${this.action.type}" never passes on heuristics alone`));
    }
    // Policy evaluation is synchronous; the promise branch keeps the order right should that change.
    this.tierStarts();
    const t0 = guardTier(0, runPolicy, this, config.tier1.timeoutMs, this.wiring.onTierError[0]);
    return isPromiseLike(t0) ? t0.then((outcome) => this.afterTier0(outcome)) : this.afterTier0(t0);
  }

  private tierStarts(): void {
    if (this.context.observeTier) this.tierStartedUs = this.wiring.clock.monotonicUs();
  }

  private tierEnded(tier: Tier, outcome: Judgement | PolicyOutcome | TierFailure): void {
    const observe = this.context.observeTier;
    if (!observe) return;
    const answer = isTierFailure(outcome) ? (outcome.judgement.ruleIds[0] ?? 'error') : 'kind' in outcome ? outcome.kind : outcome.decision;
    observe(tier, this.wiring.clock.monotonicUs() - this.tierStartedUs, answer);
  }

  private raise(to: Tier, tier: Tier, judgement: Judgement): void {
    if (to > this.minTier) this.minTier = to;
    this.escalations.push({ tier, judgement });
  }

  private block(tier: Tier, judgement: Judgement): Verdict {
    return makeVerdict('BLOCK', tier, { ...judgement, ruleIds: mergeRuleIds(this.ruleIds, judgement.ruleIds) }, this.stamp);
  }

  private allow(tier: Tier, judgement: Judgement): Verdict {
    return makeVerdict('ALLOW', tier, { ...judgement, ruleIds: mergeRuleIds(this.ruleIds, judgement.ruleIds) }, this.stamp);
  }

  private afterTier0(t0: PolicyOutcome | TierFailure): Verdict | Promise<Verdict> {
    this.tierEnded(0, t0);
    if (isTierFailure(t0)) return this.block(0, t0.judgement);
    switch (t0.kind) {
      case 'deny':
        return this.block(0, { decision: 'BLOCK', confidence: 1, reason: t0.rule.reason, ruleIds: [t0.rule.id] });
      case 'escalate':
        this.ruleIds = mergeRuleIds(this.ruleIds, [t0.rule.id]);
        this.raise(t0.minTier, 0, rule(t0.rule.id, t0.rule.reason));
        break;
      case 'allow':
        this.ruleIds = mergeRuleIds(this.ruleIds, [t0.rule.id]);
        if (this.minTier === 0) return this.allow(0, { decision: 'ALLOW', confidence: 1, reason: t0.rule.reason, ruleIds: [] });
        break;
      case 'grant':
        // A grant is a person's standing answer for this exact action: it clears what the policy
        // and the configuration would have asked a human, never what the caller requires.
        this.ruleIds = mergeRuleIds(this.ruleIds, [t0.rule.id]);
        if (!this.beyondGrants) return { ...this.allow(0, { decision: 'ALLOW', confidence: 1, reason: t0.rule.reason, ruleIds: [] }), grant: t0.rule.id };
        break;
      case 'unmatched':
        // unmatchedMinTier is at least 1: an action no rule names never passes on tier 0.
        if (t0.minTier > this.minTier) {
          this.raise(t0.minTier, 0, rule('policy.unmatched', `no rule of policy "${this.wiring.parts.policy.name}" allows this action`));
        }
        break;
    }
    this.tierStarts();
    const t1 = guardTier(1, runTier1, this, this.wiring.config.tier1.timeoutMs, this.wiring.onTierError[1]);
    return isPromiseLike(t1) ? t1.then((judgement) => this.afterTier1(judgement)) : this.afterTier1(t1);
  }

  private afterTier1(t1: Judgement | TierFailure): Verdict | Promise<Verdict> {
    this.tierEnded(1, t1);
    if (isTierFailure(t1)) return this.block(1, t1.judgement);
    if (t1.decision === 'BLOCK') return this.block(1, t1);
    this.ruleIds = mergeRuleIds(this.ruleIds, t1.ruleIds);
    if (t1.decision === 'ESCALATE') this.raise(2, 1, t1);
    else if (this.minTier <= 1) return this.allow(1, { ...t1, reason: t1.reason === '' ? 'no tier found a problem' : t1.reason });
    const judge = this.wiring.parts.tier2;
    if (judge === undefined) return this.escalate(false);
    this.tierStarts();
    const t2 = failClosed(2, (signal) => judge.judge(this.action, this.context.contextText, signal), judge.timeoutMs, this.wiring.onTierError[2]);
    return isPromiseLike(t2) ? t2.then((answer) => this.afterTier2(answer)) : this.afterTier2(t2);
  }

  private afterTier2(t2: Judgement | TierFailure): Verdict | Promise<Verdict> {
    this.tierEnded(2, t2);
    if (isTierFailure(t2)) return this.block(2, t2.judgement);
    if (t2.decision === 'BLOCK') return this.block(2, t2);
    this.ruleIds = mergeRuleIds(this.ruleIds, t2.ruleIds);
    if (t2.decision === 'ESCALATE') this.escalations.push({ tier: 2, judgement: t2 });
    else if (this.minTier <= 2) return this.allow(2, t2);
    return this.escalate(true);
  }

  private escalate(tier2Configured: boolean): Verdict | Promise<Verdict> {
    const { config, approver, hourlyCap, clock } = this.wiring;
    const escalations = this.escalations;
    const last = escalations.at(-1);
    const reasons = [...new Set(escalations.map((e) => e.judgement.reason))];
    if (!tier2Configured && this.minTier === 2) reasons.push('tier 2 is not configured, so a human must decide');
    const escalated = makeVerdict(
      'ESCALATE',
      last?.tier ?? 0,
      {
        confidence: last?.judgement.confidence ?? 0.5,
        reason: reasons.length > 0 ? reasons.join('; ') : 'a higher tier must decide',
        ruleIds: mergeRuleIds(this.ruleIds, ...escalations.map((e) => e.judgement.ruleIds)),
      },
      this.stamp,
    );
    if (config.mode !== 'human' || approver === undefined) return escalated;
    return requestHumanApproval(
      approver,
      { action: this.action, actionHash: this.stamp.actionHash, escalation: escalated },
      { timeoutMs: config.tier3.timeoutMs, hourlyCap, clock },
    );
  }
}
