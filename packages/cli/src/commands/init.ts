import { resolve } from 'node:path';
import type { Command } from 'commander';
import { expandTilde } from '@parapet/engine/client';
import { homeFor, type CommandContext } from '../context.js';
import { initHome, type InitReport } from '../init-home.js';
import type { Writer } from '../render-turn.js';

export function printInitReport(report: InitReport, out: Writer): void {
  for (const step of report.steps) {
    out.write(step.action === 'created' ? `created  ${step.path}\n` : `kept     ${step.path} (already there)\n`);
  }
  if (report.note) out.write(`note: ${report.note}\n`);
}

export function workspaceOption(value: string | undefined, cwd: string): string | undefined {
  return value === undefined ? undefined : resolve(cwd, expandTilde(value));
}

export function registerInit(program: Command, context: CommandContext): void {
  program
    .command('init')
    .description('create $PARAPET_HOME, config.yaml and a workspace with default IDENTITY.md, SOUL.md, USER.md (never overwrites)')
    .option('--workspace <dir>', 'the folder the agent works in (default: $PARAPET_HOME/workspace)')
    .action(async (options: { workspace?: string }, command: Command) => {
      const { home } = homeFor(context, command);
      const workspace = workspaceOption(options.workspace, context.io.cwd);
      const report = await initHome({ home, ...(workspace !== undefined ? { workspace } : {}) });
      printInitReport(report, context.io.stdout);
      context.io.stdout.write(`workspace: ${report.workspace}\nnext: parapet start\n`);
    });
}
