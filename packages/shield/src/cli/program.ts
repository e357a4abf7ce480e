import { Command } from 'commander';
import { evalCommand, policyCheck, processIo, type CommandIo } from './commands.js';

interface EvalFlags {
  readonly suite: string;
  readonly policy?: string;
  readonly classifier?: string;
  readonly tier2Url?: string;
  readonly tier2Model: string;
  readonly tier2ApiKeyEnv?: string;
  readonly json?: boolean;
}

/**
 * `parapet-shield eval …` and `parapet-shield policy check FILE`. Actions set `exitCode` rather
 * than exiting, so the program can be mounted or tested in-process.
 */
export function createShieldProgram(io: CommandIo = processIo): { program: Command; exitCode: () => number } {
  let exitCode = 0;
  const program = new Command('parapet-shield')
    .description('Parapet Shield: evaluate agent actions, check policies, run the adversarial eval')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  program
    .command('eval')
    .description('run a corpus (YAML file or folder) through the Shield in inject mode')
    .requiredOption('--suite <path>', 'corpus file or folder')
    .option('--policy <file>', 'policy file or built-in name (default, permissive, strict)')
    .option('--classifier <dir>', 'model folder for the tier-1b classifier (verified against its pins)')
    .option('--tier2-url <url>', 'OpenAI-compatible base URL of a tier-2 evaluator (without it, tier-2 cases escalate)')
    .option('--tier2-model <name>', 'model name for the tier-2 evaluator', 'evaluator')
    .option('--tier2-api-key-env <name>', 'environment variable holding the tier-2 API key')
    .option('--json', 'print the JSON report')
    .action(async (opts: EvalFlags) => {
      exitCode = await evalCommand(
        {
          suite: opts.suite,
          ...(opts.policy === undefined ? {} : { policy: opts.policy }),
          ...(opts.classifier === undefined ? {} : { classifierDir: opts.classifier }),
          ...(opts.tier2Url === undefined ? {} : { tier2Url: opts.tier2Url, tier2Model: opts.tier2Model }),
          ...(opts.tier2ApiKeyEnv === undefined ? {} : { tier2ApiKeyEnv: opts.tier2ApiKeyEnv }),
          ...(opts.json === true ? { json: true } : {}),
        },
        io,
      );
    });
  program
    .command('policy')
    .description('policy tools')
    .command('check')
    .description('validate a policy file; prints each error with its key path')
    .argument('<file>', 'policy YAML file')
    .action((file: string) => {
      exitCode = policyCheck(file, io);
    });
  return { program, exitCode: () => exitCode };
}

/** Runs the program on `argv` (user args only) and returns the exit code. */
export async function runShieldCli(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  const { program, exitCode } = createShieldProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    const commanderError = error as { code?: string; exitCode?: number };
    if (typeof commanderError.exitCode === 'number') return commanderError.exitCode;
    throw error;
  }
  return exitCode();
}
