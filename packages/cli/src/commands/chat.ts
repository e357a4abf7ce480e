import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { runTurn } from '../turn.js';

const EXIT_COMMANDS = new Set(['/exit', '/quit']);

export function registerChat(program: Command, context: CommandContext): void {
  program
    .command('chat')
    .description('talk with the agent: streamed answers, each action with its verdict; /exit to leave')
    .option('--session <id>', 'continue this session (default: a new one)')
    .action(async (options: { session?: string }, command: Command) => {
      const { io } = context;
      const paths = homeFor(context, command);
      await withEngine(paths, async (client) => {
        const interactive = io.stdout.isTTY === true && (io.stdin as { isTTY?: boolean }).isTTY === true;
        const lines = createInterface({ input: io.stdin, output: io.stdout, terminal: interactive, prompt: 'you> ' });
        let sessionId = options.session;
        let turn: AbortController | undefined;
        // Ctrl-C stops the running turn; at the prompt it leaves.
        const interrupt = (): void => (turn ? turn.abort() : lines.close());
        lines.on('SIGINT', interrupt);
        const stopListening = io.onInterrupt(interrupt);
        io.stdout.write('parapet chat: type a message; /exit leaves, Ctrl-C stops a running turn\n');
        try {
          lines.prompt();
          for await (const line of lines) {
            const text = line.trim();
            if (EXIT_COMMANDS.has(text)) break;
            if (text !== '') {
              turn = new AbortController();
              const input = { text, channel: 'cli' as const, ...(sessionId ? { sessionId } : {}) };
              const outcome = await runTurn(client, input, io, { json: false, signal: turn.signal });
              turn = undefined;
              if (!sessionId && outcome.sessionId) io.stdout.write(`(session ${outcome.sessionId})\n`);
              sessionId = outcome.sessionId ?? sessionId;
              if (outcome.error?.code === 'ENGINE_UNAVAILABLE') {
                context.exitCode = 1;
                break;
              }
            }
            lines.prompt();
          }
        } finally {
          stopListening();
          lines.close();
        }
      });
    });
}
