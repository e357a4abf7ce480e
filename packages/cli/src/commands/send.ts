import type { Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { runTurn } from '../turn.js';

interface SendOptions {
  readonly session?: string;
  readonly json?: boolean;
}

export function registerSend(program: Command, context: CommandContext): void {
  program
    .command('send')
    .description('send one message and print the turn: streamed answer, each action with its verdict')
    .argument('<text...>', 'the message (several words are joined with spaces)')
    .option('--session <id>', 'continue this session (default: a new one)')
    .option('--json', 'print one JSON event per line')
    .action(async (words: string[], options: SendOptions, command: Command) => {
      const { io } = context;
      const paths = homeFor(context, command);
      const abort = new AbortController();
      const stopListening = io.onInterrupt(() => abort.abort());
      try {
        const outcome = await withEngine(paths, (client) =>
          runTurn(
            client,
            { text: words.join(' '), channel: 'cli', ...(options.session ? { sessionId: options.session } : {}) },
            io,
            { json: options.json === true, signal: abort.signal },
          ),
        );
        if (outcome.error) context.exitCode = 1;
        else if (!options.json && !options.session && outcome.sessionId) {
          io.stderr.write(`session ${outcome.sessionId} (continue with --session ${outcome.sessionId})\n`);
        }
      } finally {
        stopListening();
      }
    });
}
