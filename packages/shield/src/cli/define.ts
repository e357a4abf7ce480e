import type { Command } from 'commander';
import type { HalfSelection } from '../eval/halves.js';
import { BUILTIN_POLICY_NAMES } from '../tiers/policy/builtin-names.js';
import type { CommandIo } from './commands.js';

export type { CommandIo };

/**
 * The Shield's own commands, defined once for every program that offers them (`parapet-shield`
 * and the `parapet` CLI). This module loads only commander: the Shield itself is imported when a
 * command runs, so a program that merely mounts these pays nothing at start-up.
 */
export interface ShieldCommandHost {
  readonly io: CommandIo;
  /** Where a path the user typed points (relative to their working folder). */
  resolvePath(path: string): string;
  setExitCode(code: number): void;
}

interface EvalFlags {
  readonly suite?: string;
  readonly half: string;
  readonly policy?: string;
  readonly classifier?: string;
  readonly tier2Url?: string;
  readonly tier2Model: string;
  readonly tier2ApiKeyEnv?: string;
  readonly json?: boolean;
}

const BUILTIN_POLICIES: ReadonlySet<string> = new Set(BUILTIN_POLICY_NAMES);

const HALVES = new Set(['tuning', 'held-out', 'all']);

/** `eval [--suite PATH] [--half H] [--policy P] [--classifier DIR] [--tier2-url URL …] [--json]` under `parent`. */
export function defineEvalCommand(parent: Command, host: ShieldCommandHost): Command {
  return parent
    .command('eval')
    .description('run a corpus (YAML file or folder) through the Shield in inject mode; prints a table or JSON')
    .option('--suite <path>', 'corpus file or folder (default: the project corpus, packages/shield/corpus)')
    .option('--half <half>', 'tuning, held-out or all: the half of the corpus to run, split by a hash of each case id', 'all')
    .option('--policy <file>', 'policy file or built-in name (default, permissive, strict)')
    .option('--classifier <dir>', 'model folder for the tier-1b classifier (verified against its pins)')
    .option('--tier2-url <url>', 'OpenAI-compatible base URL of a tier-2 evaluator (without it, tier-2 cases escalate)')
    .option('--tier2-model <name>', 'model name for the tier-2 evaluator', 'evaluator')
    .option('--tier2-api-key-env <name>', 'environment variable holding the tier-2 API key')
    .option('--json', 'print the JSON report')
    .action(async (flags: EvalFlags) => {
      if (!HALVES.has(flags.half)) {
        host.io.err(`CORPUS_INVALID: --half must be tuning, held-out or all, not "${flags.half}"\n`);
        host.setExitCode(1);
        return;
      }
      const { evalCommand } = await import('./commands.js');
      const { PROJECT_CORPUS } = await import('../eval/project-corpus.js');
      const policy = flags.policy;
      host.setExitCode(
        await evalCommand(
          {
            suite: flags.suite === undefined ? PROJECT_CORPUS : host.resolvePath(flags.suite),
            half: flags.half as HalfSelection,
            ...(policy === undefined ? {} : { policy: BUILTIN_POLICIES.has(policy) ? policy : host.resolvePath(policy) }),
            ...(flags.classifier === undefined ? {} : { classifierDir: host.resolvePath(flags.classifier) }),
            ...(flags.tier2Url === undefined ? {} : { tier2Url: flags.tier2Url, tier2Model: flags.tier2Model }),
            ...(flags.tier2ApiKeyEnv === undefined ? {} : { tier2ApiKeyEnv: flags.tier2ApiKeyEnv }),
            ...(flags.json === true ? { json: true } : {}),
          },
          host.io,
        ),
      );
    });
}

/** `check FILE` under `parent` (a `policy` command): validates a policy, errors name the key path. */
export function definePolicyCheckCommand(parent: Command, host: ShieldCommandHost): Command {
  return parent
    .command('check')
    .description('validate a policy file; prints each error with its key path')
    .argument('<file>', 'policy YAML file')
    .action(async (file: string) => {
      const { policyCheck } = await import('./commands.js');
      host.setExitCode(policyCheck(host.resolvePath(file), host.io));
    });
}
