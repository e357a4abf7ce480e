import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { expandTilde } from '@parapet/engine/client';
import { ParapetError } from '@parapet/wire';
import { homeFor, type CommandContext } from '../context.js';
import { initHome, type InitReport } from '../init-home.js';
import { baseUrlProblem, keyVariableProblem, writeLlmSettings, type LlmSettings } from '../init/llm-settings.js';
import { runInitWizard } from '../init/wizard.js';
import { probeModel } from '../model-probe.js';
import type { Writer } from '../render-turn.js';

interface InitOptions {
  readonly workspace?: string;
  readonly nonInteractive?: boolean;
  readonly baseUrl?: string;
  readonly model?: string;
  readonly apiKeyEnv?: string;
  readonly test: boolean;
}

export function printInitReport(report: InitReport, out: Writer): void {
  for (const step of report.steps) {
    out.write(step.action === 'created' ? `created  ${step.path}\n` : `kept     ${step.path} (already there)\n`);
  }
  if (report.note) out.write(`note: ${report.note}\n`);
}

export function workspaceOption(value: string | undefined, cwd: string): string | undefined {
  return value === undefined ? undefined : resolve(cwd, expandTilde(value));
}

/** `--non-interactive` settings: both the URL and the model, or neither (the demo model stays). */
function settingsFromFlags(options: InitOptions): LlmSettings | undefined {
  if (options.baseUrl === undefined && options.model === undefined) {
    if (options.apiKeyEnv !== undefined) throw new ParapetError('INVALID_ARGUMENT', '--api-key-env needs --base-url and --model');
    return undefined;
  }
  if (options.baseUrl === undefined || options.model === undefined) throw new ParapetError('INVALID_ARGUMENT', '--base-url and --model go together');
  const problem = baseUrlProblem(options.baseUrl) ?? (options.apiKeyEnv !== undefined ? keyVariableProblem(options.apiKeyEnv) : undefined);
  if (problem !== undefined) throw new ParapetError('INVALID_ARGUMENT', `init: ${problem}`);
  return { baseUrl: options.baseUrl, model: options.model, ...(options.apiKeyEnv !== undefined ? { apiKeyEnv: options.apiKeyEnv } : {}) };
}

export function registerInit(program: Command, context: CommandContext): void {
  program
    .command('init')
    .description('create $PARAPET_HOME, config.yaml and the workspace; on a terminal, ask for the model and test it (never overwrites)')
    .option('--workspace <dir>', 'the folder the agent works in (default: $PARAPET_HOME/workspace)')
    .option('--non-interactive', 'ask nothing; configure the model only from the flags below')
    .option('--base-url <url>', 'OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1')
    .option('--model <name>', 'model name at that endpoint')
    .option('--api-key-env <NAME>', 'environment variable holding the key (the key itself is never stored)')
    .option('--no-test', 'do not send the one tiny request that tests the model')
    .action(async (options: InitOptions, command: Command) => {
      const { io } = context;
      const paths = homeFor(context, command);
      const workspace = workspaceOption(options.workspace, io.cwd);
      const report = await initHome({ home: paths.home, ...(workspace !== undefined ? { workspace } : {}) });
      printInitReport(report, io.stdout);

      const terminal = io.stdout.isTTY === true && (io.stdin as { isTTY?: boolean }).isTTY === true;
      let settings = settingsFromFlags(options);
      if (!options.nonInteractive && terminal) {
        const lines = createInterface({ input: io.stdin, output: io.stdout, terminal: true });
        try {
          const result = await runInitWizard(lines, io.stdout, io.env, settings ?? {});
          if (!result) {
            io.stdout.write('config.yaml left as it was\n');
            return;
          }
          settings = result.settings;
        } finally {
          lines.close();
        }
      } else if (settings && options.test) {
        const probe = await probeModel(settings, io.env);
        if (!probe.ok) {
          throw new ParapetError('LLM_UNAVAILABLE', `the model test failed: ${probe.problem} — ${probe.fix} (config.yaml unchanged; --no-test writes it anyway)`);
        }
        io.stdout.write(`model test ok: ${probe.detail}\n`);
      }
      if (settings) {
        await writeLlmSettings(paths.configPath, settings);
        io.stdout.write(`model: ${settings.model} at ${settings.baseUrl}${settings.apiKeyEnv ? ` (key from $${settings.apiKeyEnv})` : ''} written to ${paths.configPath}\n`);
      }
      io.stdout.write(`workspace: ${report.workspace}\nnext: parapet start\n`);
    });
}
