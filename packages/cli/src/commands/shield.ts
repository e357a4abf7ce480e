import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CommandIo } from '@parapet/shield';
import type { CommandContext } from '../context.js';
import type { CliIo } from '../io.js';

interface EvalFlags {
  readonly suite: string;
  readonly policy?: string;
  readonly tier2Url?: string;
  readonly tier2Model: string;
  readonly tier2ApiKeyEnv?: string;
  readonly json?: boolean;
}

function shieldIo(io: CliIo): CommandIo {
  return { out: (text) => void io.stdout.write(text), err: (text) => void io.stderr.write(text) };
}

/** A built-in policy name stays a name; anything else is a file relative to where the user is. */
function policyArgument(policy: string, cwd: string): string {
  return ['default', 'permissive', 'strict'].includes(policy) ? policy : resolve(cwd, policy);
}

/**
 * `parapet shield eval …` and `parapet policy check FILE`: the Shield package's own commands.
 * Loaded on use, so everyday commands do not pay for the Shield's tiers (and its native ONNX runtime).
 */
export function registerShield(program: Command, context: CommandContext): void {
  const { io } = context;
  const shield = program.command('shield').description('the Shield on its own: run the adversarial eval');
  shield
    .command('eval')
    .description('run a corpus (YAML file or folder) through the Shield in inject mode; prints a table or JSON')
    .requiredOption('--suite <path>', 'corpus file or folder')
    .option('--policy <file>', 'policy file or built-in name (default, permissive, strict)')
    .option('--tier2-url <url>', 'OpenAI-compatible base URL of a tier-2 evaluator (without it, tier-2 cases escalate)')
    .option('--tier2-model <name>', 'model name for the tier-2 evaluator', 'evaluator')
    .option('--tier2-api-key-env <name>', 'environment variable holding the tier-2 API key')
    .option('--json', 'print the JSON report')
    .action(async (flags: EvalFlags) => {
      const { evalCommand } = await import('@parapet/shield');
      context.exitCode = await evalCommand(
        {
          suite: resolve(io.cwd, flags.suite),
          ...(flags.policy === undefined ? {} : { policy: policyArgument(flags.policy, io.cwd) }),
          ...(flags.tier2Url === undefined ? {} : { tier2Url: flags.tier2Url, tier2Model: flags.tier2Model }),
          ...(flags.tier2ApiKeyEnv === undefined ? {} : { tier2ApiKeyEnv: flags.tier2ApiKeyEnv }),
          ...(flags.json === true ? { json: true } : {}),
        },
        shieldIo(io),
      );
    });

  program
    .command('policy')
    .description('Shield policy files')
    .command('check')
    .description('validate a policy file; prints each error with its key path')
    .argument('<file>', 'policy YAML file')
    .action(async (file: string) => {
      const { policyCheck } = await import('@parapet/shield');
      context.exitCode = policyCheck(resolve(io.cwd, file), shieldIo(io));
    });
}
