import type { BudgetStore } from '../../ports.js';

/** `YYYY-MM-DD` in UTC: the BudgetStore key. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** A BudgetStore that lives as long as the process: for the standalone command and tests. */
export function createMemoryBudgetStore(): BudgetStore {
  const spentByDay = new Map<string, number>();
  return {
    spent: (day) => spentByDay.get(day) ?? 0,
    add: (day, calls) => {
      spentByDay.set(day, (spentByDay.get(day) ?? 0) + calls);
    },
  };
}
