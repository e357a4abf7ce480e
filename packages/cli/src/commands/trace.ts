import type { Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { renderTrace } from '../render-trace.js';

export function registerTrace(program: Command, context: CommandContext): void {
  program
    .command('trace')
    .description('draw the stages of a turn with their durations (default: the last turn)')
    .argument('[turn]', 'turn id (see parapet history --json)')
    .option('--json', 'print the spans as JSON')
    .action(async (turn: string | undefined, options: { json?: boolean }, command: Command) => {
      const trace = await withEngine(homeFor(context, command), (client) => client.getTrace(turn));
      context.io.stdout.write(options.json ? `${JSON.stringify(trace)}\n` : renderTrace(trace));
    });
}
