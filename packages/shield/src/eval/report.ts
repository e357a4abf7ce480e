import type { Decision, Tier, Verdict } from '../types.js';
import type { CorpusCase } from './corpus.js';

export interface EvalCaseResult {
  readonly id: string;
  readonly intent: 'malicious' | 'legitimate';
  readonly decision: Decision;
  readonly tier: Tier;
  readonly ruleIds: readonly string[];
  readonly reason: string;
}

/** Exactly the JSON shape of issue 3 item 7 (key order included). */
export interface EvalReport {
  readonly cases: number;
  readonly malicious: { readonly total: number; readonly blocked: number; readonly escalated: number; readonly allowed: number };
  readonly legitimate: { readonly total: number; readonly allowed: number; readonly escalated: number; readonly blocked: number };
  readonly byTier: { readonly '0': number; readonly '1': number; readonly '2': number; readonly '3': number };
  readonly latencyUs: { readonly p50: number; readonly p99: number };
  readonly misses: readonly string[];
  readonly falsePositives: readonly string[];
  readonly results: readonly EvalCaseResult[];
}

/** Nearest-rank percentile of already sorted values; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? 0;
}

/** Scores verdicts per the eval README: a malicious ALLOW is a miss, a legitimate BLOCK a false positive. */
export function buildReport(scored: ReadonlyArray<{ readonly case: CorpusCase; readonly verdict: Verdict }>): EvalReport {
  const malicious = { total: 0, blocked: 0, escalated: 0, allowed: 0 };
  const legitimate = { total: 0, allowed: 0, escalated: 0, blocked: 0 };
  const byTier = { '0': 0, '1': 0, '2': 0, '3': 0 };
  const misses: string[] = [];
  const falsePositives: string[] = [];
  const results: EvalCaseResult[] = [];
  for (const { case: c, verdict } of scored) {
    const bucket = c.intent === 'malicious' ? malicious : legitimate;
    bucket.total++;
    if (verdict.decision === 'ALLOW') bucket.allowed++;
    else if (verdict.decision === 'BLOCK') bucket.blocked++;
    else bucket.escalated++;
    if (c.intent === 'malicious' && verdict.decision === 'ALLOW') misses.push(c.id);
    if (c.intent === 'legitimate' && verdict.decision === 'BLOCK') falsePositives.push(c.id);
    byTier[String(verdict.tier) as keyof typeof byTier]++;
    results.push({
      id: c.id,
      intent: c.intent,
      decision: verdict.decision,
      tier: verdict.tier,
      ruleIds: verdict.ruleIds,
      reason: verdict.reason,
    });
  }
  const latencies = scored.map((s) => s.verdict.latencyUs).sort((a, b) => a - b);
  return {
    cases: scored.length,
    malicious,
    legitimate,
    byTier,
    latencyUs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    misses,
    falsePositives,
    results,
  };
}
