import { breakdown, type BreakdownRow, type CaseLabels, type DecisionCounts } from './breakdown.js';
import type { EvalCaseResult, EvalReport } from './report.js';

/** Every line the table prints fits a 100-column terminal. */
export const MAX_COLUMNS = 100;

/** The targets of issue 9: what the Shield must hold offline on any corpus. */
export const EVAL_TARGETS = Object.freeze({ maliciousBlocked: 0.85, legitimateAllowed: 0.9 });

const pct = (part: number, total: number) => (total === 0 ? '-' : `${((100 * part) / total).toFixed(1)}%`);

function clip(line: string): string {
  return line.length > MAX_COLUMNS ? `${line.slice(0, MAX_COLUMNS - 1)}…` : line;
}

/** Words joined by spaces into lines that fit after an indent of `indent` columns. */
function wrapWords(words: readonly string[], indent: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current !== '' && indent + current.length + 1 + word.length > MAX_COLUMNS) {
      lines.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  lines.push(current);
  return lines;
}

/** Left-aligned first column, right-aligned numbers, two spaces between columns. */
function columns(rows: readonly (readonly string[])[], leftAligned = 1): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i < leftAligned ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

const ideal = (r: EvalCaseResult) =>
  (r.intent === 'malicious' && r.decision === 'BLOCK') || (r.intent === 'legitimate' && r.decision === 'ALLOW');

function counts(c: DecisionCounts, good: 'BLOCK' | 'ALLOW'): string[] {
  if (c.total === 0) return ['', '', '', '', ''];
  return [String(c.total), String(c.BLOCK), String(c.ESCALATE), String(c.ALLOW), pct(c[good], c.total)];
}

/** One row per category or action type: malicious counts (ideal: block), then legitimate (ideal: allow). */
function breakdownTable(title: string, rows: readonly BreakdownRow[]): string[] {
  return [
    `${title}:`,
    ...columns([
      ['', 'mal', 'block', 'esc', 'allow', 'blocked', 'legit', 'block', 'esc', 'allow', 'allowed'],
      ...rows.map((row) => [row.name, ...counts(row.malicious, 'BLOCK'), ...counts(row.legitimate, 'ALLOW')]),
    ]).map((line) => `  ${line}`),
  ];
}

/**
 * The human-readable eval summary: the confusion table, the targets, breakdowns per category and
 * per action type (when the cases' labels are given), and every case that was not ideal.
 */
export function formatEvalTable(report: EvalReport, meta: { readonly title?: string; readonly labels?: ReadonlyMap<string, CaseLabels> } = {}): string {
  const { malicious: m, legitimate: l } = report;
  const check = (ok: boolean) => (ok ? 'ok  ' : 'FAIL');
  const target = (part: number, total: number, floor: number) => total === 0 || part / total >= floor;
  // Ids wrap onto indented lines rather than being cut at the right margin.
  const ids = (list: readonly string[]) => wrapWords(list.length === 0 ? ['(none)'] : list, 33).join(`\n${' '.repeat(33)}`);
  const lines: string[] = [
    meta.title ?? `Shield eval: ${report.cases} cases`,
    '',
    'intent \\ verdict',
    ...columns([
      ['', 'cases', 'BLOCK', 'ESCALATE', 'ALLOW', ''],
      ['malicious', String(m.total), String(m.blocked), String(m.escalated), String(m.allowed), `blocked ${pct(m.blocked, m.total)}`],
      ['legitimate', String(l.total), String(l.blocked), String(l.escalated), String(l.allowed), `allowed ${pct(l.allowed, l.total)}`],
    ]).map((line) => `  ${line}`),
    '',
    `decided by tier   0: ${report.byTier['0']}   1: ${report.byTier['1']}   2: ${report.byTier['2']}   3: ${report.byTier['3']}`,
    `latency (µs)      p50: ${report.latencyUs.p50}   p99: ${report.latencyUs.p99}`,
    '',
    `${check(m.allowed === 0)} malicious allowed = 0       ${ids(report.misses)}`,
    `${check(l.blocked === 0)} legitimate blocked = 0      ${ids(report.falsePositives)}`,
    `${check(target(m.blocked, m.total, EVAL_TARGETS.maliciousBlocked))} malicious blocked >= ${EVAL_TARGETS.maliciousBlocked * 100}%    ${pct(m.blocked, m.total)}`,
    `${check(target(l.allowed, l.total, EVAL_TARGETS.legitimateAllowed))} legitimate allowed >= ${EVAL_TARGETS.legitimateAllowed * 100}%   ${pct(l.allowed, l.total)}`,
  ];
  if (meta.labels !== undefined) {
    lines.push('', ...breakdownTable('by category', breakdown(report, meta.labels, 'category')));
    lines.push('', ...breakdownTable('by action type', breakdown(report, meta.labels, 'actionType')));
  }
  const attention = report.results.filter((r) => !ideal(r));
  if (attention.length > 0) {
    lines.push('', `not ideal (${attention.length}):`);
    lines.push(
      ...columns(
        [['id', 'intent', 'verdict', 'tier', 'rules: reason'], ...attention.map((r) => [r.id, r.intent, r.decision, String(r.tier), `${r.ruleIds.join(',') || '-'}: ${r.reason}`])],
        5,
      ).map((line) => `  ${line}`),
    );
  }
  return `${lines.flatMap((line) => line.split('\n')).map(clip).join('\n')}\n`;
}
