import type { Tier2Config } from '../../config/schema.js';
import type { Judgement } from '../../gateway/judgement.js';
import type { Tier2Judge } from '../../gateway/tier2-judge.js';
import type { BudgetStore, Clock, EvaluatorModel } from '../../ports.js';
import { SlidingWindowLimiter } from '../../sliding-window.js';
import { parseEvaluatorAnswer } from './answer.js';
import { utcDay } from './budget.js';
import { buildEvaluatorPrompt, newCanary } from './prompt.js';

export const TIER2_RATE_LIMITED_RULE = 'tier2.rate_limited';
export const TIER2_BUDGET_RULE = 'tier2.budget_exhausted';

export interface Tier2Deps {
  readonly model: EvaluatorModel;
  readonly budgetStore: BudgetStore;
  readonly clock: Clock;
  /** Shown by `status()`. */
  readonly detail: string;
}

/**
 * Tier 2: one model call per action, bounded by a per-minute rate and a daily budget. When
 * either is spent the configured fallback applies (BLOCK, or ESCALATE to a human). Transport
 * errors reject and the gateway's fail-closed wrapper blocks; so does its timeout.
 */
export function createTier2Judge(config: Tier2Config, deps: Tier2Deps): Tier2Judge {
  const perMinute = new SlidingWindowLimiter(config.ratePerMinute, 60_000, deps.clock);
  const fallback = (ruleId: string, why: string): Judgement => ({
    decision: config.fallback,
    confidence: 1,
    reason: `${why}; ${config.fallback === 'BLOCK' ? 'blocked' : 'a human must decide'}`,
    ruleIds: [ruleId],
  });
  return {
    timeoutMs: config.timeoutMs,
    detail: deps.detail,
    async judge(action, contextText, signal) {
      const day = utcDay(deps.clock.now());
      if (deps.budgetStore.spent(day) >= config.dailyBudget) {
        return fallback(TIER2_BUDGET_RULE, `the evaluator's daily budget of ${config.dailyBudget} calls is spent`);
      }
      if (!perMinute.tryTake()) {
        return fallback(TIER2_RATE_LIMITED_RULE, `more than ${config.ratePerMinute} evaluator calls in a minute`);
      }
      // Counted before the call: a call that fails or times out still cost the provider.
      deps.budgetStore.add(day, 1);
      const canary = newCanary();
      const prompt = buildEvaluatorPrompt(action, contextText, canary);
      const raw = await deps.model.complete({ system: prompt.system, user: prompt.user, signal });
      return parseEvaluatorAnswer(raw, canary);
    },
  };
}
