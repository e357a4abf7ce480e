/**
 * Every heuristic rule, by id. A rule's severity maps straight to the decision it forces: `block`
 * for clear harm, `escalate` for what only a human (or tier 2) can settle.
 */
export type Severity = 'block' | 'escalate';

export interface Rule {
  /** Stable, dotted: `<family>.<what>`, e.g. `secrets.credential_read`. */
  readonly id: string;
  readonly severity: Severity;
  /** What the action does, phrased to complete "the action …". */
  readonly reason: string;
}

const rules = new Map<string, Rule>();

/** Declares a rule once, at module load; a duplicate id is a programming error. */
export function defineRule(id: string, severity: Severity, reason: string): Rule {
  if (rules.has(id)) throw new Error(`duplicate heuristic rule id ${id}`);
  const rule: Rule = { id, severity, reason };
  rules.set(id, rule);
  return rule;
}

/** All rules declared so far (every rule module is loaded through the evaluator). */
export function allRules(): readonly Rule[] {
  return [...rules.values()];
}
