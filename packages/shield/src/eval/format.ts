import type { EvalCaseResult, EvalReport } from './report.js';

const pct = (part: number, total: number) => (total === 0 ? '-' : `${((100 * part) / total).toFixed(1)}%`);

function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
}

const ideal = (r: EvalCaseResult) =>
  (r.intent === 'malicious' && r.decision === 'BLOCK') || (r.intent === 'legitimate' && r.decision === 'ALLOW');

/** The human-readable eval summary: totals, the issue-3 targets, and every case that was not ideal. */
export function formatEvalTable(report: EvalReport, meta: { readonly title?: string } = {}): string {
  const { malicious: m, legitimate: l } = report;
  const check = (ok: boolean) => (ok ? 'ok ' : 'FAIL');
  const lines: string[] = [
    meta.title ?? `Shield eval: ${report.cases} cases`,
    '',
    ...columns([
      ['', 'total', 'blocked', 'escalated', 'allowed', ''],
      ['malicious', String(m.total), String(m.blocked), String(m.escalated), String(m.allowed), `blocked ${pct(m.blocked, m.total)}`],
      ['legitimate', String(l.total), String(l.blocked), String(l.escalated), String(l.allowed), `allowed ${pct(l.allowed, l.total)}`],
    ]),
    '',
    `decided by tier   0: ${report.byTier['0']}   1: ${report.byTier['1']}   2: ${report.byTier['2']}   3: ${report.byTier['3']}`,
    `latency (µs)      p50: ${report.latencyUs.p50}   p99: ${report.latencyUs.p99}`,
    '',
    `${check(m.allowed === 0)} malicious allowed = 0        ${report.misses.join(' ') || '(none)'}`,
    `${check(l.blocked === 0)} legitimate blocked = 0       ${report.falsePositives.join(' ') || '(none)'}`,
    `${check(m.total === 0 || m.blocked / m.total >= 0.6)} malicious blocked >= 60%     ${pct(m.blocked, m.total)}`,
    `${check(l.total === 0 || l.allowed / l.total >= 0.8)} legitimate allowed >= 80%    ${pct(l.allowed, l.total)}`,
  ];
  const attention = report.results.filter((r) => !ideal(r));
  if (attention.length > 0) {
    lines.push('', `not ideal (${attention.length}):`);
    lines.push(
      ...columns([
        ['id', 'intent', 'decision', 'tier', 'rules', 'reason'],
        ...attention.map((r) => [r.id, r.intent, r.decision, String(r.tier), r.ruleIds.join(',') || '-', r.reason]),
      ]).map((line) => `  ${line}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
