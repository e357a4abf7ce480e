import type { Command } from 'commander';
import type { HistoryMessage, SessionSummary } from '@parapet/wire/client';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { renderLabels } from '../render-chronicle.js';
import { renderHistoryHeading, renderHistoryMessages } from '../render-tables.js';

export function registerHistory(program: Command, context: CommandContext): void {
  program
    .command('history')
    .description("print a session's messages and its information-flow labels (where each came from)")
    .argument('<id>', 'session id (see parapet sessions)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const { stdout } = context.io;
      await withEngine(homeFor(context, command), async (client) => {
        // The engine answers in pages (each well under gRPC's message size); text is printed as it comes.
        let session: SessionSummary | undefined;
        const messages: HistoryMessage[] = [];
        let pageToken = '';
        do {
          const page = await client.getHistory(id, pageToken === '' ? {} : { pageToken });
          if (options.json) messages.push(...page.messages);
          else stdout.write((session ? '' : renderHistoryHeading(page.session)) + renderHistoryMessages(page.messages));
          session ??= page.session;
          pageToken = page.nextPageToken;
        } while (pageToken !== '');
        const labels = await client.sessionLabels(id);
        if (options.json) stdout.write(`${JSON.stringify({ session, messages, labels })}\n`);
        else stdout.write(`\nlabels:\n${renderLabels(labels)}`);
      });
    });
}
