import type { ShieldPorts } from '../ports.js';
import { createShield } from '../shield.js';
import { loadClassifier } from '../tiers/classifier/load.js';
import type { EvalReport } from './report.js';
import { runEvalWith, type EvalOptions, type EvalRun } from './run-eval.js';

export interface RunEvalOptions extends EvalOptions {
  /** A model folder for tier 1b (verified against its pins); without it tier 1b is absent. */
  readonly classifierDir?: string;
}

/** `parapet shield eval`: the corpus through the real Shield in inject mode, with each case's labels. */
export async function scoreCorpus(options: RunEvalOptions, ports: ShieldPorts = {}): Promise<EvalRun> {
  if (options.classifierDir === undefined) return runEvalWith(createShield, options, ports);
  const classifier = await loadClassifier(options.classifierDir);
  try {
    return await runEvalWith(createShield, options, { ...ports, classifier });
  } finally {
    await classifier.close();
  }
}

/** The report alone (the `--json` output). */
export async function runEval(options: RunEvalOptions, ports: ShieldPorts = {}): Promise<EvalReport> {
  return (await scoreCorpus(options, ports)).report;
}
