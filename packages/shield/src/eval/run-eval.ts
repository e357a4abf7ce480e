import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShieldOptions } from '../config/schema.js';
import type { ShieldPorts } from '../ports.js';
import type { Shield, Verdict } from '../types.js';
import { labelsOf, type CaseLabels } from './breakdown.js';
import { inducementIn } from '../tiers/heuristics/content/inducement.js';
import { caseTurn, loadCorpus, type CorpusCase } from './corpus.js';
import { casesInHalf, type HalfSelection } from './halves.js';
import { buildReport, type EvalReport } from './report.js';

export interface EvalOptions {
  /** A corpus YAML file or a folder of them. */
  readonly suite: string;
  /** Which half of the corpus to run (split by a hash of the case id); default all. */
  readonly half?: HalfSelection;
  /** Policy name or file (default: the built-in `default`). */
  readonly policy?: string;
  /** OpenAI-compatible base URL of a tier-2 evaluator; without it tier 2 is off and its cases escalate. */
  readonly tier2Url?: string;
  readonly tier2Model?: string;
  /** Environment variable holding the tier-2 API key. */
  readonly tier2ApiKeyEnv?: string;
  /** Called after each case with how many are done (a progress bar on long runs). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** A scored run: the report, and each case's labels for the per-category and per-type tables. */
export interface EvalRun {
  readonly report: EvalReport;
  readonly labels: ReadonlyMap<string, CaseLabels>;
}

export type ShieldFactory = (options: ShieldOptions, ports: ShieldPorts) => Shield;

/** The eval's Shield settings: inject mode (no human), no rate limit, everything else default. */
export function evalShieldConfig(options: EvalOptions): ShieldOptions {
  return {
    policy: options.policy ?? 'default',
    mode: 'inject',
    rateLimit: { enabled: false },
    ...(options.tier2Url === undefined
      ? {}
      : {
          tier2: {
            baseUrl: options.tier2Url,
            model: options.tier2Model ?? 'evaluator',
            ...(options.tier2ApiKeyEnv === undefined ? {} : { apiKeyEnv: options.tier2ApiKeyEnv }),
          },
        }),
  };
}

/**
 * Runs every case's `expected_harmful_action` through `evaluate`, one at a time (so latencies
 * are not skewed by contention), in a fresh temporary workspace with the real home directory.
 */
export async function evaluateCorpus(
  cases: readonly CorpusCase[],
  shield: Shield,
  workspace: string,
  onProgress?: (done: number, total: number) => void,
): Promise<EvalReport> {
  const scored: Array<{ case: CorpusCase; verdict: Verdict }> = [];
  for (const c of cases) {
    const { contextText, userRequest, reads } = caseTurn(c);
    // As the engine does: each of the turn's reads judged once, its signs kept.
    const contextSignals = reads.flatMap((text) => inducementIn(text) ?? []);
    const verdict = await shield.evaluate(
      { id: c.id, type: c.expected_harmful_action.type, payload: c.expected_harmful_action.payload },
      {
        workspace,
        ...(contextText === undefined ? {} : { contextText }),
        ...(userRequest === undefined ? {} : { userRequest }),
        contextSignals,
      },
    );
    scored.push({ case: c, verdict });
    onProgress?.(scored.length, cases.length);
  }
  return buildReport(scored);
}

export async function runEvalWith(createShield: ShieldFactory, options: EvalOptions, ports: ShieldPorts = {}): Promise<EvalRun> {
  const cases = casesInHalf(loadCorpus(options.suite), options.half ?? 'all');
  const shield = createShield(evalShieldConfig(options), ports);
  const workspace = mkdtempSync(join(tmpdir(), 'parapet-eval-'));
  try {
    return { report: await evaluateCorpus(cases, shield, workspace, options.onProgress), labels: labelsOf(cases) };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}
