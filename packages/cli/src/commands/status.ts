import type { Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { renderLabels } from '../render-chronicle.js';
import { renderStatus } from '../render-tables.js';

export function registerStatus(program: Command, context: CommandContext): void {
  program
    .command('status')
    .description('engine and agent processes, sandbox layers in force, model, Shield tiers and the sessions holding labels')
    .option('--session <id>', "also show this session's information-flow labels and where each came from")
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean; session?: string }, command: Command) => {
      const { status, labels } = await withEngine(homeFor(context, command), async (client) => ({
        status: await client.status(),
        labels: options.session === undefined ? undefined : await client.sessionLabels(options.session),
      }));
      if (options.json) {
        const session = options.session === undefined || !labels ? {} : { session: { id: options.session, labels } };
        context.io.stdout.write(`${JSON.stringify({ ...status, ...session })}\n`);
        return;
      }
      context.io.stdout.write(renderStatus(status));
      if (options.session !== undefined && labels) context.io.stdout.write(`\nsession ${options.session} labels:\n${renderLabels(labels)}`);
    });
}
