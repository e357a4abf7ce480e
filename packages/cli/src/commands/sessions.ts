import { InvalidArgumentError, type Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { renderSessions } from '../render-tables.js';

export function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
}

export function registerSessions(program: Command, context: CommandContext): void {
  program
    .command('sessions')
    .description('list recent sessions, newest first')
    .option('--limit <n>', 'how many', positiveInteger, 50)
    .option('--json', 'print JSON')
    .action(async (options: { limit: number; json?: boolean }, command: Command) => {
      const sessions = await withEngine(homeFor(context, command), (client) => client.listSessions(options.limit));
      context.io.stdout.write(options.json ? `${JSON.stringify(sessions)}\n` : renderSessions(sessions));
    });
}
