import type { Command } from 'commander';
import { ParapetError } from '@parapet/wire';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { createTurnRenderer } from '../render-turn.js';

interface WatchOptions {
  readonly from?: string;
  readonly json?: boolean;
}

export function registerWatch(program: Command, context: CommandContext): void {
  program
    .command('watch')
    .description('follow a session live from another terminal (default: the most recently active one)')
    .argument('[session]', 'the session id')
    .option('--from <seq>', 'first replay the stored events after this seq (0: all that are kept)')
    .option('--json', 'print one JSON event per line')
    .action(async (session: string | undefined, options: WatchOptions, command: Command) => {
      const { io } = context;
      const afterSeq = options.from === undefined ? undefined : Number(options.from);
      if (afterSeq !== undefined && (!Number.isSafeInteger(afterSeq) || afterSeq < 0)) {
        throw new ParapetError('INVALID_ARGUMENT', '--from expects a seq (a whole number, 0 or more)');
      }
      const abort = new AbortController();
      const stopListening = io.onInterrupt(() => abort.abort());
      try {
        await withEngine(homeFor(context, command), async (client) => {
          const sessionId = session ?? (await client.listSessions(1))[0]?.id;
          if (!sessionId) throw new ParapetError('SESSION_NOT_FOUND', 'no sessions yet: nothing to watch');
          const live = (): void => void io.stderr.write(`watching session ${sessionId} (live); Ctrl-C stops\n`);
          // A fresh renderer per turn: each one ends with its answer or its error.
          let renderer = createTurnRenderer(io.stdout, io.stderr);
          let turnId = '';
          try {
            for await (const event of client.watch({ sessionId, ...(afterSeq === undefined ? {} : { afterSeq }) }, abort.signal, { onLive: live })) {
              if (options.json) {
                io.stdout.write(`${JSON.stringify(event)}\n`);
                continue;
              }
              if (event.turnId !== turnId) {
                turnId = event.turnId;
                renderer = createTurnRenderer(io.stdout, io.stderr);
                io.stdout.write(`── turn ${turnId}\n`);
              }
              renderer.event(event);
            }
          } catch (error) {
            if (!abort.signal.aborted) throw error;
          }
        });
      } finally {
        stopListening();
      }
    });
}
