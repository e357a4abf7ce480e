import { ParapetError } from '@parapet/wire';
import type { ApprovalView, SendMessageInput } from '@parapet/wire/client';
import type { EngineClient } from './client.js';
import type { ApprovalPrompter } from './approval-prompt.js';
import { answeredBy } from './answered-by.js';
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
  /** Asks the user about the turn's approvals; absent: another client must answer (the way is printed). */
  readonly prompter?: ApprovalPrompter;
}

const silent = { write: () => undefined };

function asParapetError(error: unknown): ParapetError {
  return error instanceof ParapetError ? error : new ParapetError('INTERNAL', error instanceof Error ? error.message : String(error));
}

/** Sends one message and renders its events as they stream; never throws. */
export async function runTurn(client: EngineClient, input: SendMessageInput, io: CliIo, options: TurnOptions): Promise<TurnOutcome> {
  const renderer = createTurnRenderer(options.json ? silent : (options.out ?? io.stdout), io.stderr, options.style);
  const asking = new Map<string, AbortController>();
  const ask = (approval: ApprovalView): void => {
    if (!options.prompter) {
      io.stderr.write(`waiting for an answer from another client: parapet approve ${approval.id} (or parapet deny ${approval.id})\n`);
      return;
    }
    const question = new AbortController();
    asking.set(approval.id, question);
    void options.prompter(approval, AbortSignal.any([question.signal, options.signal])).then(async (choice) => {
      if (asking.get(approval.id) === question) asking.delete(approval.id);
      if (!choice) return;
      try {
        await client.resolveApproval({
          approvalId: approval.id,
          actionHash: approval.actionHash,
          approve: choice.approve,
          scope: choice.scope,
          channel: 'cli',
          answeredBy: answeredBy(io),
        });
      } catch (error) {
        io.stderr.write(`parapet: could not answer approval ${approval.id}: ${asParapetError(error).message}\n`);
      }
    });
  };
  try {
    for await (const event of client.sendMessage(input, options.signal)) {
      if (options.json) io.stdout.write(`${JSON.stringify(event)}\n`);
      // Answered elsewhere (another terminal), timed out or cancelled: stop asking here, end the prompt's line.
      const unanswered = event.type === 'approval_resolved' ? asking.get(event.approval.id) : undefined;
      if (event.type === 'approval_resolved' && unanswered) {
        asking.delete(event.approval.id);
        unanswered.abort();
        io.stdout.write('\n');
      }
      renderer.event(event);
      if (event.type === 'approval_required') ask(event.approval);
    }
  } catch (error) {
    const { code, message } = asParapetError(error);
    return renderer.finish({ code, message });
  } finally {
    for (const question of asking.values()) question.abort();
  }
  return renderer.finish();
}
