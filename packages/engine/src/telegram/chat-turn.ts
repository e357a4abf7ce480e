import { ParapetError } from '@parapet/wire';
import type { EngineEvent, ClientApi } from '@parapet/wire/client';
import type { Logger } from '../logging/port.js';
import type { ApprovalButtons } from './approval-buttons.js';
import type { Chats } from './chats.js';
import { LiveMessage, type ChatSender } from './live-message.js';
import { TurnView } from './turn-view.js';

export interface ChatTurnDeps {
  readonly api: ClientApi;
  readonly chats: Chats;
  readonly approvals: ApprovalButtons;
  readonly logger: Logger;
  /** Shortest time between two edits of one live answer. */
  readonly editIntervalMs: number;
}

/**
 * One user message from a chat, through the same entry point every client uses, its events shown
 * in one live message. The chat's session is the one it last used; none: the turn creates one.
 */
export async function runChatTurn(deps: ChatTurnDeps, chatId: number, text: string, sender: ChatSender): Promise<void> {
  const { api, chats } = deps;
  await chats.settled(chatId);
  const sessionId = chats.sessionOf(chatId);
  const sessionKnown = sessionId === undefined ? chats.creatingSession(chatId) : undefined;
  const controller = new AbortController();
  const untrack = chats.track(chatId, controller);
  const view = new TurnView();
  const live = new LiveMessage(sender, () => view.pieces(), deps.editIntervalMs, deps.logger);
  try {
    const stream = api.sendMessage({ ...(sessionId !== undefined ? { sessionId } : {}), text }, controller.signal);
    for await (const batch of stream) {
      const events: readonly EngineEvent[] = Array.isArray(batch) ? batch : [batch as EngineEvent];
      for (const event of events) {
        if (sessionKnown && event.type === 'session_created') {
          if (chats.sessionOf(chatId) === undefined) chats.use(chatId, event.sessionId);
          sessionKnown();
        }
        // A question gets its own message (with buttons), sent at once: the turn waits on it.
        if (event.type === 'approval_required') await deps.approvals.show(chatId, event.approval);
        if (event.type === 'approval_resolved') await deps.approvals.settle(event.approval);
        view.apply(event);
      }
      live.changed();
    }
    if (!view.done) view.fail(controller.signal.aborted ? 'stopped' : 'the answer ended early');
  } catch (error) {
    view.fail(error instanceof ParapetError ? `${error.code}: ${error.message}` : 'the engine could not run this message');
    if (!(error instanceof ParapetError)) deps.logger.error({ detail: error instanceof Error ? error.message : String(error) }, 'telegram: a turn failed');
  } finally {
    sessionKnown?.();
    untrack();
    await live.finish();
  }
}
