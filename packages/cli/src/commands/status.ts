import type { Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { renderStatus } from '../render-tables.js';

export function registerStatus(program: Command, context: CommandContext): void {
  program
    .command('status')
    .description('engine and agent processes, sandbox layers in force, model and Shield tiers')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const status = await withEngine(homeFor(context, command), (client) => client.status());
      context.io.stdout.write(options.json ? `${JSON.stringify(status)}\n` : renderStatus(status));
    });
}
