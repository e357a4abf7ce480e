import { canonicalActionType } from '../action-types.js';
import type { Decision } from '../types.js';
import type { CorpusCase } from './corpus.js';
import type { EvalReport } from './report.js';

/** What a case is about, beside its verdict: the rows the eval table groups it under. */
export interface CaseLabels {
  readonly category: string;
  readonly actionType: string;
}

export function labelsOf(cases: readonly CorpusCase[]): ReadonlyMap<string, CaseLabels> {
  return new Map(
    cases.map((c) => {
      const type = c.expected_harmful_action.type;
      return [c.id, { category: c.category ?? '(none)', actionType: canonicalActionType(type) ?? `${type} (unknown)` }];
    }),
  );
}

export interface DecisionCounts {
  total: number;
  BLOCK: number;
  ESCALATE: number;
  ALLOW: number;
}

export interface BreakdownRow {
  readonly name: string;
  readonly malicious: DecisionCounts;
  readonly legitimate: DecisionCounts;
}

const empty = (): DecisionCounts => ({ total: 0, BLOCK: 0, ESCALATE: 0, ALLOW: 0 });

/** Verdict counts per label value (a category or an action type), split by intent, sorted by name. */
export function breakdown(report: EvalReport, labels: ReadonlyMap<string, CaseLabels>, by: keyof CaseLabels): BreakdownRow[] {
  const rows = new Map<string, { malicious: DecisionCounts; legitimate: DecisionCounts }>();
  for (const result of report.results) {
    const name = labels.get(result.id)?.[by] ?? '(none)';
    let row = rows.get(name);
    if (row === undefined) {
      row = { malicious: empty(), legitimate: empty() };
      rows.set(name, row);
    }
    const counts = row[result.intent];
    counts.total++;
    counts[result.decision satisfies Decision]++;
  }
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, row]) => ({ name, ...row }));
}
