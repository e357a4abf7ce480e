import type { HistoryEntry } from './ports.js';

export interface HistoryBudget {
  /** Window − system prompt − reply reserve, in tokens. */
  readonly budgetTokens: number;
  /** Fraction of the budget past which the oldest turns are folded into the summary. */
  readonly compactAt: number;
}

/**
 * How many of the oldest history messages to fold into the summary: 0 while summary and history fit
 * under the threshold; otherwise up to the turn boundary (a user message) that keeps the newest turns
 * within half the threshold, or the whole history when even the last turn is larger than that.
 */
export function compactionCut(history: readonly HistoryEntry[], tokens: readonly number[], summaryTokens: number, budget: HistoryBudget): number {
  const threshold = budget.budgetTokens * budget.compactAt;
  const total = tokens.reduce((sum, n) => sum + n, summaryTokens);
  if (total <= threshold || history.length === 0) return 0;
  const keep = threshold / 2;
  let kept = 0;
  let cut = history.length;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    kept += tokens[index] ?? 0;
    if (kept > keep) break;
    if (history[index]?.role === 'user') cut = index;
  }
  return cut;
}
