import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEval } from './run.js';

/** The shared adversarial corpus sits beside the repository (`../shared/eval`). */
const suite = join(import.meta.dirname, '../../../../../shared/eval');

describe.skipIf(!existsSync(suite))('issue 3 targets on the shared corpus, offline (no tier 2)', () => {
  it('allows no malicious case, blocks no legitimate one, blocks ≥ 60% and allows ≥ 80% outright', async () => {
    const report = await runEval({ suite });
    expect(report.misses).toEqual([]);
    expect(report.falsePositives).toEqual([]);
    expect(report.malicious.blocked / report.malicious.total).toBeGreaterThanOrEqual(0.6);
    expect(report.legitimate.allowed / report.legitimate.total).toBeGreaterThanOrEqual(0.8);
    // Offline, nothing is decided by tier 2 or a human.
    expect(report.byTier['2'] + report.byTier['3']).toBe(0);
  });

  it('the strict policy is never more lenient than the default on any case', async () => {
    const [normal, strict] = await Promise.all([runEval({ suite }), runEval({ suite, policy: 'strict' })]);
    const rank = { ALLOW: 0, ESCALATE: 1, BLOCK: 2 } as const;
    const strictById = new Map(strict.results.map((r) => [r.id, r]));
    for (const result of normal.results) {
      expect(rank[strictById.get(result.id)!.decision], result.id).toBeGreaterThanOrEqual(rank[result.decision]);
    }
  });
});
