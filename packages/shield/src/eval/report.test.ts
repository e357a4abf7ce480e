import { describe, expect, it } from 'vitest';
import type { Decision, Tier, Verdict } from '../types.js';
import type { CorpusCase } from './corpus.js';
import { formatEvalTable } from './format.js';
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

  it('prints totals, the targets with pass/fail, and the cases that were not ideal', () => {
    const table = formatEvalTable(report);
    expect(table).toMatch(/malicious\s+3\s+1\s+1\s+1\s+blocked 33\.3%/u);
    expect(table).toContain('FAIL malicious allowed = 0        M3');
    expect(table).toContain('FAIL legitimate blocked = 0       L2');
    expect(table).toMatch(/not ideal \(3\):/u);
    expect(table).not.toMatch(/^\s+M1\s/mu);
  });
});
