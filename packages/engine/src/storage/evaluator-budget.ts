import type { Database } from 'better-sqlite3';

/** Tier 2's spend per UTC day (`YYYY-MM-DD`), so a restart does not refill the budget. */
export interface EvaluatorBudgetRepo {
  spent(day: string): number;
  add(day: string, calls: number): void;
}

export function createEvaluatorBudgetRepo(db: Database): EvaluatorBudgetRepo {
  const spent = db.prepare('SELECT spent FROM evaluator_budget WHERE day = ?').pluck();
  const add = db.prepare('INSERT INTO evaluator_budget (day, spent) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET spent = spent + excluded.spent');
  return {
    spent: (day) => (spent.get(day) as number | undefined) ?? 0,
    add: (day, calls) => {
      add.run(day, calls);
    },
  };
}
