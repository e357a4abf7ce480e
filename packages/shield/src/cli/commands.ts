import { formatEvalTable } from '../eval/format.js';
import { terminalProgress } from '../eval/progress.js';
import { scoreCorpus, type RunEvalOptions } from '../eval/run.js';
import { checkPolicyFile } from '../tiers/policy/load.js';

/** Where a command writes; the `parapet` CLI passes its own streams when it mounts these. */
export interface CommandIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** True when `err` reaches a terminal: long evals then draw a progress bar there. */
  readonly errIsTty?: boolean;
}

export const processIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  errIsTty: process.stderr.isTTY === true,
};

/** `policy check FILE`: prints `ok` or one `key.path: problem` line per error. Returns the exit code. */
export function policyCheck(file: string, io: CommandIo = processIo): number {
  const result = checkPolicyFile(file);
  if (result.ok) {
    io.out(`${file}: ok (policy "${result.policy.name}", ${result.policy.rules.deny.length} deny, ${result.policy.rules.escalate.length} escalate, ${result.policy.rules.allow.length} allow rules)\n`);
    return 0;
  }
  io.err(`${file}: invalid policy\n${result.errors.map((e) => `  ${e}\n`).join('')}`);
  return 1;
}

export interface EvalCommandOptions extends RunEvalOptions {
  readonly json?: boolean;
}

/** `shield eval`: prints the table (or the JSON report). Exit 0 when it ran, 1 on bad input. */
export async function evalCommand(options: EvalCommandOptions, io: CommandIo = processIo): Promise<number> {
  try {
    const progress = io.errIsTty === true && options.onProgress === undefined ? { onProgress: terminalProgress(io.err) } : {};
    const { report, labels } = await scoreCorpus({ ...options, ...progress });
    if (options.json === true) io.out(`${JSON.stringify(report)}\n`);
    else {
      const tier1b = options.classifierDir === undefined ? 'no classifier' : `classifier ${options.classifierDir}`;
      const tier2 = options.tier2Url === undefined ? 'tier 2 off' : `tier 2 at ${options.tier2Url}`;
      const half = options.half === undefined || options.half === 'all' ? '' : ` (${options.half} half)`;
      const title = `Shield eval: ${report.cases} cases${half}, policy ${options.policy ?? 'default'}, ${tier1b}, ${tier2}`;
      io.out(formatEvalTable(report, { title, labels }));
    }
    return 0;
  } catch (error) {
    // Setup errors (ShieldError, ClassifierError) carry a stable code and a message fit to show.
    const code = (error as { code?: unknown }).code;
    if (error instanceof Error && typeof code === 'string') {
      io.err(`${code}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
