import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ShieldStats__Output } from '@parapet/wire/messages';
import { Chart, type ChartSeries } from './chart.js';
import type { CallError, Connection } from './connection.js';

const DECISIONS: readonly { readonly name: string; readonly colorVar: string }[] = [
  { name: 'ALLOW', colorVar: '--allow' },
  { name: 'BLOCK', colorVar: '--block' },
  { name: 'ESCALATE', colorVar: '--escalate' },
];
const TIER_COLORS = ['--accent', '--escalate', '--allow', '--block'];
const BUCKETS: readonly { readonly seconds: number; readonly label: string }[] = [
  { seconds: 60, label: 'per minute' },
  { seconds: 3600, label: 'per hour' },
  { seconds: 86_400, label: 'per day' },
];

/** Most buckets drawn; beyond that only the buckets holding verdicts are. */
const MAX_FILLED_BUCKETS = 500;

/** Every bucket from the first verdict's to the last's, with an empty one on each side, so quiet times show as zero. */
function bucketStarts(stats: ShieldStats__Output): number[] {
  const seen = [...new Set(stats.verdicts.map((entry) => Date.parse(entry.bucket_start) / 1000))].sort((a, b) => a - b);
  const first = seen[0];
  const last = seen.at(-1);
  const step = stats.bucket_seconds;
  if (first === undefined || last === undefined || step <= 0 || (last - first) / step > MAX_FILLED_BUCKETS) return seen;
  const starts: number[] = [];
  for (let start = first - step; start <= last + step; start += step) starts.push(start);
  return starts;
}

/** Verdict counts per bucket, one series per decision and one per tier. */
function overTime(stats: ShieldStats__Output): { x: number[]; byDecision: ChartSeries[]; byTier: ChartSeries[] } {
  const starts = bucketStarts(stats);
  const index = new Map(starts.map((start, position) => [start, position]));
  const tiers = [...new Set(stats.verdicts.map((entry) => entry.tier))].sort((a, b) => a - b);
  const zeros = (): number[] => starts.map(() => 0);
  const decisions = new Map(DECISIONS.map((decision) => [decision.name, zeros()]));
  const perTier = new Map(tiers.map((tier) => [tier, zeros()]));
  for (const entry of stats.verdicts) {
    const position = index.get(Date.parse(entry.bucket_start) / 1000) ?? 0;
    const decisionCounts = decisions.get(entry.decision);
    if (decisionCounts) decisionCounts[position] = (decisionCounts[position] ?? 0) + entry.count;
    const tierCounts = perTier.get(entry.tier);
    if (tierCounts) tierCounts[position] = (tierCounts[position] ?? 0) + entry.count;
  }
  return {
    x: starts,
    byDecision: DECISIONS.map((decision) => ({ label: decision.name, values: decisions.get(decision.name) ?? [], colorVar: decision.colorVar })),
    byTier: tiers.map((tier, position) => ({ label: `tier ${tier}`, values: perTier.get(tier) ?? [], colorVar: TIER_COLORS[position % TIER_COLORS.length] ?? '--accent' })),
  };
}

/** Decisions over time, latency per tier and the rules that fire most, from the audit trail. */
export function ShieldView({ connection }: { connection: Connection }) {
  const [bucketSeconds, setBucketSeconds] = useState(3600);
  const [stats, setStats] = useState<ShieldStats__Output | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  useEffect(() => {
    connection.call('GetShieldStats', { bucketSeconds }).then(
      (response) => setStats(response as unknown as ShieldStats__Output),
      (error: CallError) => setProblem(`${error.code}: ${error.message}`),
    );
  }, [connection, bucketSeconds]);
  const timeline = useMemo(() => (stats ? overTime(stats) : undefined), [stats]);
  const latency = useMemo(() => {
    if (!stats) return undefined;
    const x = stats.latencies.map((_entry, position) => position);
    const series: ChartSeries[] = [
      { label: 'p50 µs', values: stats.latencies.map((entry) => Number(entry.p50_us)), colorVar: '--allow' },
      { label: 'p90 µs', values: stats.latencies.map((entry) => Number(entry.p90_us)), colorVar: '--escalate' },
      { label: 'p99 µs', values: stats.latencies.map((entry) => Number(entry.p99_us)), colorVar: '--block' },
    ];
    return { x, series, labels: stats.latencies.map((entry) => `tier ${entry.tier}`) };
  }, [stats]);

  if (problem) return <section class="panel"><p class="problem">{problem}</p></section>;
  if (!stats || !timeline || !latency) return <section class="panel"><p class="muted">Loading…</p></section>;
  const topCount = stats.top_rules[0]?.count ?? 1;
  return (
    <section class="panel shield" aria-label="Shield dashboard">
      <h2>Shield</h2>
      <p class="muted" data-testid="shield-summary">
        {stats.evaluations} verdicts (the most recent 10 000 at most), from the audit trail.
      </p>
      <label>
        Buckets{' '}
        <select value={bucketSeconds} onChange={(event) => setBucketSeconds(Number((event.target as HTMLSelectElement).value))}>
          {BUCKETS.map((bucket) => (
            <option value={bucket.seconds}>{bucket.label}</option>
          ))}
        </select>
      </label>
      {stats.evaluations === 0 ? (
        <p class="empty">No verdicts yet: send a message that makes the agent act.</p>
      ) : (
        <div class="charts">
          <Chart title="Decisions over time" x={timeline.x} series={timeline.byDecision} yLabel="verdicts" />
          <Chart title="Verdicts by deciding tier" x={timeline.x} series={timeline.byTier} yLabel="verdicts" />
          {latency.x.length > 0 ? (
            <Chart title="Latency per tier" x={latency.x} series={latency.series} time={false} xLabels={latency.labels} yLabel="µs" />
          ) : null}
          <div class="top-rules">
            <h3>Rules that fired most</h3>
            {stats.top_rules.length === 0 ? <p class="muted">No rule has fired.</p> : null}
            <ul>
              {stats.top_rules.map((rule) => (
                <li>
                  <code>{rule.rule_id}</code>
                  <meter min={0} max={topCount} value={rule.count} />
                  <span>{rule.count}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
