import type { Command } from 'commander';
import { linePrompter } from '../approval-prompt.js';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { createLineReader } from '../line-reader.js';
import { runTurn } from '../turn.js';

const EXIT_COMMANDS = new Set(['/exit', '/quit']);

export function registerChat(program: Command, context: CommandContext): void {
  program
    .command('chat')
    .description('talk with the agent: streamed answers, each action with its verdict, approvals asked inline; /exit to leave')
    .option('--session <id>', 'continue this session (default: a new one)')
    .action(async (options: { session?: string }, command: Command) => {
      const { io } = context;
      const paths = homeFor(context, command);
      await withEngine(paths, async (client) => {
        const interactive = io.stdout.isTTY === true && (io.stdin as { isTTY?: boolean }).isTTY === true;
        const lines = createLineReader(io.stdin, io.stdout, interactive);
        // An approval the turn needs is asked here, from the same input as the messages.
        const prompter = linePrompter(lines);
        let sessionId = options.session;
        let turn: AbortController | undefined;
        // Ctrl-C stops the running turn; at the prompt it leaves.
        const interrupt = (): void => (turn ? turn.abort() : lines.close());
        lines.interface.on('SIGINT', interrupt);
        const stopListening = io.onInterrupt(interrupt);
        io.stdout.write('parapet chat: type a message; /exit leaves, Ctrl-C stops a running turn\n');
        try {
          for (;;) {
            lines.prompt('you> ');
            const line = await lines.next();
            if (line === undefined) break;
            const text = line.trim();
            if (EXIT_COMMANDS.has(text)) break;
            if (text === '') continue;
            turn = new AbortController();
            const input = { text, channel: 'cli' as const, ...(sessionId ? { sessionId } : {}) };
            const outcome = await runTurn(client, input, io, { json: false, signal: turn.signal, prompter });
            turn = undefined;
            if (!sessionId && outcome.sessionId) io.stdout.write(`(session ${outcome.sessionId})\n`);
            sessionId = outcome.sessionId ?? sessionId;
            if (outcome.error?.code === 'ENGINE_UNAVAILABLE') {
              context.exitCode = 1;
              break;
            }
          }
        } finally {
          stopListening();
          lines.close();
        }
      });
    });
}
