// Shield tiers 0–1 latency per action over the project corpus (target p99 ≤ 200 µs, docs/architecture.md, Testing).
// `node bench/shield-latency.mjs --suite PATH` measures another corpus (e.g. an external benchmark).
// Uses the built package (packages/shield/dist): run `npm run build` first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

/**
 * Evaluates every corpus case `rounds` times after a warm-up, one at a time, timing each
 * `evaluate` call from the outside (promise overhead included). No classifier, no tier 2:
 * what is measured is policy + heuristics + the gateway.
 *
 * The warm-up runs the corpus 100 times: the Shield lives in the engine, a long-running daemon,
 * so the figure that matters is its steady state once V8 has compiled the hot code. V8 optimizes a
 * function only after it has run a few thousand times: `node --trace-opt` shows some 60 of the
 * Shield's functions (the larger per-command ones among them) optimized only between the 30th and
 * the 100th round of this corpus, and few after. A shorter warm-up measures the JIT at work
 * instead: code not yet optimized, and background compiles competing for the CPU inside the timed
 * samples. 100 rounds take about a second.
 */
export async function benchShieldLatency({ rounds = 20, warmup = 100, suite } = {}) {
  const { createShield } = await import(pathToFileURL(join(repoRoot, 'packages/shield/dist/index.js')).href);
  const { evalShieldConfig, loadCorpus, caseTurn, PROJECT_CORPUS } = await import(pathToFileURL(join(repoRoot, 'packages/shield/dist/eval.js')).href);
  suite ??= PROJECT_CORPUS;
  const cases = loadCorpus(suite);
  const shield = createShield(evalShieldConfig({ suite }), {});
  const workspace = mkdtempSync(join(tmpdir(), 'parapet-bench-shield-'));
  const inputs = cases.map((c) => {
    const { contextText, userRequest } = caseTurn(c);
    return {
      action: { id: c.id, type: c.expected_harmful_action.type, payload: c.expected_harmful_action.payload },
      context: { workspace, ...(contextText === undefined ? {} : { contextText }), ...(userRequest === undefined ? {} : { userRequest }) },
    };
  });
  try {
    for (let i = 0; i < warmup; i++) for (const { action, context } of inputs) await shield.evaluate(action, context);
    const samples = [];
    for (let round = 0; round < rounds; round++) {
      for (const { action, context } of inputs) {
        const start = process.hrtime.bigint();
        await shield.evaluate(action, context);
        samples.push(Number(process.hrtime.bigint() - start) / 1000);
      }
    }
    samples.sort((a, b) => a - b);
    return {
      p50Us: Math.round(percentile(samples, 50) * 10) / 10,
      p99Us: Math.round(percentile(samples, 99) * 10) / 10,
      cases: cases.length,
    };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const suiteFlag = process.argv.indexOf('--suite');
  const suite = suiteFlag === -1 ? undefined : process.argv[suiteFlag + 1];
  process.stdout.write(`${JSON.stringify(await benchShieldLatency(suite === undefined ? {} : { suite }))}\n`);
}
