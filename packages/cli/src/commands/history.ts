import type { Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { renderHistory } from '../render-tables.js';

export function registerHistory(program: Command, context: CommandContext): void {
  program
    .command('history')
    .description("print a session's messages")
    .argument('<id>', 'session id (see parapet sessions)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const history = await withEngine(homeFor(context, command), (client) => client.getHistory(id));
      context.io.stdout.write(options.json ? `${JSON.stringify(history)}\n` : renderHistory(history));
    });
}
