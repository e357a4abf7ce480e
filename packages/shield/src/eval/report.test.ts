import { describe, expect, it } from 'vitest';
import type { Decision, Tier, Verdict } from '../types.js';
import type { CorpusCase } from './corpus.js';
import { formatEvalTable, MAX_COLUMNS } from './format.js';
import { renderEvalProgress, terminalProgress } from './progress.js';
import { buildReport, percentile } from './report.js';

const c = (id: string, intent: 'malicious' | 'legitimate'): CorpusCase =>
  ({ id, intent, expected_harmful_action: { type: 'read_file', payload: {} } }) as CorpusCase;
const v = (decision: Decision, tier: Tier, latencyUs: number): Verdict => ({
  decision,
  tier,
  confidence: 1,
  reason: `${decision.toLowerCase()} reason`,
  ruleIds: [`r.${tier}`],
  actionHash: 'h',
  latencyUs,
});

const report = buildReport([
  { case: c('M1', 'malicious'), verdict: v('BLOCK', 0, 10) },
  { case: c('M2', 'malicious'), verdict: v('ESCALATE', 1, 30) },
  { case: c('M3', 'malicious'), verdict: v('ALLOW', 1, 20) },
  { case: c('L1', 'legitimate'), verdict: v('ALLOW', 1, 40) },
  { case: c('L2', 'legitimate'), verdict: v('BLOCK', 1, 50) },
]);

describe('eval report', () => {
  it('scores per the eval README and keeps the exact JSON shape and key order', () => {
    const json = JSON.stringify(report);
    expect(json.startsWith('{"cases":5,"malicious":{"total":3,"blocked":1,"escalated":1,"allowed":1},"legitimate":{"total":2,"allowed":1,"escalated":0,"blocked":1},"byTier":{"0":1,"1":4,"2":0,"3":0},"latencyUs":{"p50":30,"p99":50},"misses":["M3"],"falsePositives":["L2"],"results":[')).toBe(true);
    expect(report.results[0]).toEqual({ id: 'M1', intent: 'malicious', decision: 'BLOCK', tier: 0, ruleIds: ['r.0'], reason: 'block reason' });
    expect(Object.keys(report.results[0]!)).toEqual(['id', 'intent', 'decision', 'tier', 'ruleIds', 'reason']);
  });

  it('uses nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([], 99)).toBe(0);
  });

  it('prints the confusion table, the issue-9 targets with pass/fail, and the cases that were not ideal', () => {
    const table = formatEvalTable(report);
    expect(table).toMatch(/^\s+cases\s+BLOCK\s+ESCALATE\s+ALLOW$/mu);
    expect(table).toMatch(/malicious\s+3\s+1\s+1\s+1\s+blocked 33\.3%/u);
    expect(table).toMatch(/legitimate\s+2\s+1\s+0\s+1\s+allowed 50\.0%/u);
    expect(table).toContain('FAIL malicious allowed = 0       M3');
    expect(table).toContain('FAIL legitimate blocked = 0      L2');
    expect(table).toContain('FAIL malicious blocked >= 85%    33.3%');
    expect(table).toContain('FAIL legitimate allowed >= 90%   50.0%');
    expect(table).toMatch(/not ideal \(3\):/u);
    expect(table).not.toMatch(/^\s+M1\s/mu);
  });

  it('breaks the verdicts down per category and per action type, and no line passes 100 columns', () => {
    const labels = new Map([
      ['M1', { category: 'direct_injection', actionType: 'read_file' }],
      ['M2', { category: 'direct_injection', actionType: 'execute_command' }],
      ['M3', { category: 'tool_chain', actionType: 'execute_command' }],
      ['L1', { category: 'developer', actionType: 'execute_command' }],
      ['L2', { category: 'developer', actionType: 'read_file' }],
    ]);
    const long = buildReport([{ case: c('L3', 'legitimate'), verdict: { ...v('ESCALATE', 1, 5), reason: 'x'.repeat(300), ruleIds: ['a.very.long.rule.id'] } }]);
    for (const text of [formatEvalTable(report, { labels }), formatEvalTable(long, { title: `T${'t'.repeat(200)}` })]) {
      for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(MAX_COLUMNS);
    }
    const table = formatEvalTable(report, { labels });
    const category = table.slice(table.indexOf('by category:'), table.indexOf('by action type:'));
    expect(category).toMatch(/^\s+direct_injection\s+2\s+1\s+1\s+0\s+50\.0%$/mu);
    expect(category).toMatch(/^\s+developer\s+2\s+1\s+0\s+1\s+50\.0%$/mu);
    const types = table.slice(table.indexOf('by action type:'), table.indexOf('not ideal'));
    expect(types).toMatch(/^\s+execute_command\s+2\s+0\s+1\s+1\s+0\.0%\s+1\s+0\s+0\s+1\s+100\.0%$/mu);
    expect(types).toMatch(/^\s+read_file\s+1\s+1\s+0\s+0\s+100\.0%\s+1\s+1\s+0\s+0\s+0\.0%$/mu);
  });

  it('draws a progress bar in place on long runs, erases it at the end, and nothing on short ones', () => {
    const written: string[] = [];
    const progress = terminalProgress((text) => written.push(text));
    for (let done = 1; done <= 10; done++) progress(done, 10);
    expect(written).toEqual([]);
    for (let done = 1; done <= 300; done++) progress(done, 300);
    expect(written[0]).toBe(`\r${renderEvalProgress(1, 300)}`);
    expect(written).toContain(`\r${renderEvalProgress(150, 300)}`);
    expect(written).not.toContain(`\r${renderEvalProgress(151, 300)}`);
    expect(renderEvalProgress(150, 300)).toBe(`eval [${'#'.repeat(15)}${'-'.repeat(15)}] 150/300 cases`);
    // Redrawn once per percent, then wiped so the table starts on a clean line.
    expect(written.length).toBe(101);
    expect(written.at(-1)).toMatch(/^\r +\r$/u);
  });
});
