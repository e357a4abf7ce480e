import type { ShieldStats } from '@parapet/wire/client';
import type { AuditRow } from '../storage/index.js';

/** The most recent verdicts the dashboard summarises: enough for a picture, bounded in cost. */
export const SHIELD_STATS_WINDOW = 10_000;
const TOP_RULES = 10;

interface Evaluation {
  readonly ts: number;
  readonly decision: string;
  readonly tier: number;
  readonly ruleIds: readonly string[];
  readonly latencyUs: number | undefined;
}

function evaluationOf(row: AuditRow): Evaluation | undefined {
  try {
    const data = JSON.parse(row.data) as { decision?: unknown; tier?: unknown; ruleIds?: unknown; latencyUs?: unknown };
    if (typeof data.decision !== 'string' || typeof data.tier !== 'number') return undefined;
    return {
      ts: Date.parse(row.ts),
      decision: data.decision,
      tier: data.tier,
      ruleIds: Array.isArray(data.ruleIds) ? data.ruleIds.filter((id): id is string => typeof id === 'string') : [],
      // Verdicts recorded before latency was audited have none.
      latencyUs: typeof data.latencyUs === 'number' ? data.latencyUs : undefined,
    };
  } catch {
    return undefined;
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Summarises EVALUATED audit rows: verdicts per time bucket, tier and decision; latency per tier; top rules. */
export function shieldStatsOf(rows: readonly AuditRow[], bucketSeconds: number): ShieldStats {
  const evaluations = rows.map(evaluationOf).filter((entry): entry is Evaluation => entry !== undefined && Number.isFinite(entry.ts));
  const bucketMs = bucketSeconds * 1000;
  const counts = new Map<string, { bucketStart: number; tier: number; decision: string; count: number }>();
  const latencies = new Map<number, number[]>();
  const rules = new Map<string, number>();
  for (const entry of evaluations) {
    const bucketStart = Math.floor(entry.ts / bucketMs) * bucketMs;
    const key = `${bucketStart}/${entry.tier}/${entry.decision}`;
    const current = counts.get(key) ?? { bucketStart, tier: entry.tier, decision: entry.decision, count: 0 };
    counts.set(key, { ...current, count: current.count + 1 });
    if (entry.latencyUs !== undefined) {
      const tierLatencies = latencies.get(entry.tier) ?? [];
      tierLatencies.push(entry.latencyUs);
      latencies.set(entry.tier, tierLatencies);
    }
    for (const rule of entry.ruleIds) rules.set(rule, (rules.get(rule) ?? 0) + 1);
  }
  return {
    bucketSeconds,
    verdicts: [...counts.values()]
      .sort((a, b) => a.bucketStart - b.bucketStart || a.tier - b.tier || a.decision.localeCompare(b.decision))
      .map((entry) => ({ bucketStart: new Date(entry.bucketStart).toISOString(), tier: entry.tier, decision: entry.decision, count: entry.count })),
    latencies: [...latencies.entries()]
      .sort(([a], [b]) => a - b)
      .map(([tier, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return { tier, count: sorted.length, p50Us: percentile(sorted, 50), p90Us: percentile(sorted, 90), p99Us: percentile(sorted, 99) };
      }),
    topRules: [...rules.entries()]
      .sort(([ruleA, a], [ruleB, b]) => b - a || ruleA.localeCompare(ruleB))
      .slice(0, TOP_RULES)
      .map(([ruleId, count]) => ({ ruleId, count })),
    evaluations: evaluations.length,
  };
}
