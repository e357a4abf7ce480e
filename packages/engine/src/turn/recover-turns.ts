import type { Store } from '../storage/index.js';

/**
 * Turns a previous engine left unfinished end as `interrupted`. A queued message never made it into
 * the history; it is added now, so the user's words stay in the conversation they were sent to.
 */
export function recoverUnfinishedTurns(store: Store): number {
  const unfinished = store.turns.unfinished();
  store.transaction(() => {
    for (const turn of unfinished) {
      if (turn.status === 'queued') {
        store.messages.append({ sessionId: turn.sessionId, turnId: turn.id, role: 'user', content: turn.queuedText });
      }
      store.turns.finish(turn.id, 'interrupted', 'ENGINE_UNAVAILABLE');
    }
  });
  return unfinished.length;
}
