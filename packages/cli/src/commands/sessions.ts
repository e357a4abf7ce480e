import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { confirmChange } from '../confirm.js';
import { fsError } from '../fs-errors.js';
import { renderSessions } from '../render-tables.js';
import { readSessionForExport, sessionMarkdown } from '../sessions/export-session.js';

export function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
}

export function registerSessions(program: Command, context: CommandContext): void {
  const sessions = program
    .command('sessions')
    .description('list recent sessions, newest first')
    .option('--limit <n>', 'how many', positiveInteger, 50)
    .option('--json', 'print JSON')
    .action(async (options: { limit: number; json?: boolean }, command: Command) => {
      const sessions = await withEngine(homeFor(context, command), (client) => client.listSessions(options.limit));
      context.io.stdout.write(options.json ? `${JSON.stringify(sessions)}\n` : renderSessions(sessions));
    });
  sessions
    .command('export')
    .description('print a whole session as Markdown (default) or JSON, secrets redacted')
    .argument('<id>', 'session id (see parapet sessions)')
    .addOption(new Option('--format <format>', 'md or json').choices(['md', 'json']).default('md'))
    .option('--output <file>', 'write to this file (mode 0600) instead of stdout')
    .action(async (id: string, options: { format: 'md' | 'json'; output?: string }, command: Command) => {
      const exported = await withEngine(homeFor(context, command), (client) => readSessionForExport(client, id));
      const text = options.format === 'json' ? `${JSON.stringify(exported, null, 2)}\n` : sessionMarkdown(exported);
      if (options.output === undefined) {
        context.io.stdout.write(text);
        return;
      }
      const file = resolve(context.io.cwd, options.output);
      try {
        await writeFile(file, text, { mode: 0o600 });
      } catch (error) {
        throw fsError('write', file, error);
      }
      context.io.stdout.write(`wrote ${file} (${exported.messages.length} messages)\n`);
    });
  sessions
    .command('rename')
    .description('give a session a new title')
    .argument('<id>', 'session id (see parapet sessions)')
    .argument('<title...>', 'the new title (one line)')
    .option('--json', 'print the renamed session as JSON')
    .action(async (id: string, words: string[], options: { json?: boolean }, command: Command) => {
      const session = await withEngine(homeFor(context, command), (client) => client.renameSession(id, words.join(' ')));
      context.io.stdout.write(options.json ? `${JSON.stringify(session)}\n` : `renamed ${session.id}: ${session.title}\n`);
    });
  sessions
    .command('delete')
    .description("delete a session's conversation (its audit rows stay); asks first on a terminal")
    .argument('<id>', 'session id (see parapet sessions)')
    .option('--yes', 'do not ask (for scripts)')
    .action(async (id: string, options: { yes?: boolean }, command: Command) => {
      const deleted = await withEngine(homeFor(context, command), async (client) => {
        const { session } = await client.getHistory(id, { limit: 1 });
        const question = `delete session ${session.id} "${session.title}" (${session.messageCount} messages)?`;
        if (!(await confirmChange(context.io, question, options.yes))) return undefined;
        return client.deleteSession(id);
      });
      context.io.stdout.write(
        deleted
          ? `deleted session ${deleted.sessionId} (${deleted.messagesDeleted} messages); its audit rows stay\n`
          : 'nothing deleted\n',
      );
    });
}
