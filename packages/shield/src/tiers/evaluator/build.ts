import type { ShieldConfig } from '../../config/schema.js';
import { ShieldError } from '../../errors.js';
import type { Tier2Judge } from '../../gateway/tier2-judge.js';
import { systemClock, type ShieldPorts } from '../../ports.js';
import { createMemoryBudgetStore } from './budget.js';
import { createTier2Judge } from './judge.js';
import { createOpenAiEvaluatorModel } from './openai-model.js';

/**
 * Tier 2 exists when the host passes an EvaluatorModel port or configures `tier2`; with only the
 * configuration, the `openai` SDK adapter is built from `baseUrl`, `model` and `apiKeyEnv`.
 */
export function buildTier2Judge(config: ShieldConfig, ports: ShieldPorts): Tier2Judge | undefined {
  if (config.tier2 === undefined && ports.evaluatorModel === undefined) return undefined;
  const tier2 = config.tier2 ?? config.tier2Defaults();
  let model = ports.evaluatorModel;
  let detail = 'evaluator model supplied by the host';
  if (model === undefined) {
    if (tier2.baseUrl === undefined || tier2.model === undefined) {
      throw new ShieldError('CONFIG_INVALID', 'tier2 needs baseUrl and model (or an EvaluatorModel port)');
    }
    const apiKey = tier2.apiKeyEnv === undefined ? undefined : process.env[tier2.apiKeyEnv];
    model = createOpenAiEvaluatorModel({ baseUrl: tier2.baseUrl, model: tier2.model, apiKey });
    detail = `model ${tier2.model} at ${tier2.baseUrl}`;
  }
  return createTier2Judge(tier2, {
    model,
    budgetStore: ports.budgetStore ?? createMemoryBudgetStore(),
    clock: ports.clock ?? systemClock,
    detail: `${detail}, ${tier2.ratePerMinute}/min, ${tier2.dailyBudget}/day, fallback ${tier2.fallback}`,
  });
}
