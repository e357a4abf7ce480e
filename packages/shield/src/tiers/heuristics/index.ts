export { evaluateHeuristics } from './evaluate.js';
export { allRules, type Rule, type Severity } from './registry.js';
export type { HeuristicAction, HeuristicContext, HeuristicResult } from './types.js';
