import type { Command } from 'commander';
import { linePrompter, type ApprovalPrompter } from '../approval-prompt.js';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { ParapetError } from '@parapet/wire';
import type { CliIo } from '../io.js';
import { createLineReader, type LineReader } from '../line-reader.js';
import { runTurn } from '../turn.js';

/** `send -`: the whole of stdin is the message (a script pipes a file or a heredoc). */
async function messageText(words: readonly string[], io: CliIo): Promise<string> {
  if (words.length !== 1 || words[0] !== '-') return words.join(' ');
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const text = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  if (text.trim() === '') throw new ParapetError('INVALID_ARGUMENT', 'send -: stdin was empty; pipe the message in, e.g. `echo hi | parapet send -`');
  return text;
}

interface SendOptions {
  readonly session?: string;
  readonly json?: boolean;
}

export function registerSend(program: Command, context: CommandContext): void {
  program
    .command('send')
    .description('send one message and print the turn: streamed answer, each action with its verdict')
    .argument('<text...>', 'the message (several words are joined with spaces); - reads it from stdin')
    .option('--session <id>', 'continue this session (default: a new one)')
    .option('--json', 'print one JSON event per line')
    .action(async (words: string[], options: SendOptions, command: Command) => {
      const { io } = context;
      const paths = homeFor(context, command);
      const text = await messageText(words, io);
      const abort = new AbortController();
      const stopListening = io.onInterrupt(() => abort.abort());
      // On a terminal an approval is asked here; otherwise another client answers (the way is printed).
      const terminal = io.stdout.isTTY === true && (io.stdin as { isTTY?: boolean }).isTTY === true && options.json !== true;
      let lines: LineReader | undefined;
      const prompter: ApprovalPrompter = (approval, signal) => {
        if (!lines) {
          lines = createLineReader(io.stdin, io.stdout, true);
          lines.interface.on('SIGINT', () => abort.abort());
        }
        return linePrompter(lines)(approval, signal);
      };
      try {
        const outcome = await withEngine(paths, (client) =>
          runTurn(
            client,
            { text, ...(options.session ? { sessionId: options.session } : {}) },
            io,
            { json: options.json === true, signal: abort.signal, ...(terminal ? { prompter } : {}) },
          ),
        );
        if (outcome.error) context.exitCode = 1;
        else if (!options.json && !options.session && outcome.sessionId) {
          io.stderr.write(`session ${outcome.sessionId} (continue with --session ${outcome.sessionId})\n`);
        }
      } finally {
        lines?.close();
        stopListening();
      }
    });
}
