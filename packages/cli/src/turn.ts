import { ParapetError } from '@parapet/wire';
import type { ClientApi, SendMessageInput } from '@parapet/engine/client';
import type { CliIo } from './io.js';
import { createTurnRenderer, type TurnOutcome, type TurnStyle, type Writer } from './render-turn.js';

export interface TurnOptions {
  /** One JSON event per line on stdout instead of the human rendering. */
  readonly json: boolean;
  readonly signal: AbortSignal;
  /** Colour and an answer formatter, for a terminal. */
  readonly style?: TurnStyle;
  /** Where the human rendering goes instead of stdout (a chat's spinner-aware writer). */
  readonly out?: Writer;
}

const silent = { write: () => undefined };

function asParapetError(error: unknown): ParapetError {
  return error instanceof ParapetError ? error : new ParapetError('INTERNAL', error instanceof Error ? error.message : String(error));
}

/** Sends one message and renders its events as they stream; never throws. */
export async function runTurn(client: ClientApi, input: SendMessageInput, io: CliIo, options: TurnOptions): Promise<TurnOutcome> {
  const renderer = createTurnRenderer(options.json ? silent : (options.out ?? io.stdout), io.stderr, options.style);
  try {
    for await (const event of client.sendMessage(input, options.signal)) {
      if (options.json) io.stdout.write(`${JSON.stringify(event)}\n`);
      renderer.event(event);
    }
  } catch (error) {
    const { code, message } = asParapetError(error);
    return renderer.finish({ code, message });
  }
  return renderer.finish();
}
