import type { Command } from 'commander';
import { runChat } from '../chat/chat-session.js';
import { colorFor, homeFor, withEngine, type CommandContext } from '../context.js';

export function registerChat(program: Command, context: CommandContext): void {
  program
    .command('chat')
    .description('talk with the agent: streamed answers, each action with its verdict, approvals asked inline; /help lists commands, Ctrl-D leaves')
    .option('--session <id>', 'continue this session (default: a new one)')
    .action(async (options: { session?: string }, command: Command) => {
      const paths = homeFor(context, command);
      const color = colorFor(context, command);
      context.exitCode = await withEngine(paths, (client) =>
        runChat(client, context.io, { home: paths.home, color, ...(options.session ? { sessionId: options.session } : {}) }),
      );
    });
}
