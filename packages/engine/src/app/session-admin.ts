import { ParapetError } from '@parapet/wire';
import type { AdminApi } from '@parapet/wire/client';
import type { Store } from '../storage/index.js';

export type SessionAdminApi = Pick<AdminApi, 'renameSession' | 'deleteSession'>;

/**
 * Rename and delete. A delete refuses a session that is in use (a turn queued or running, an
 * approval waiting): the user stops the turn first, so nothing is half-run under a missing session.
 * Audit rows are never deleted, so the chain still verifies; the deletion is a row of its own.
 */
export function createSessionAdmin(deps: { readonly store: Store; readonly redact: (text: string) => string }): SessionAdminApi {
  const { store } = deps;
  return {
    renameSession: async (sessionId, title) =>
      store.transaction(() => {
        const session = store.sessions.existing(sessionId);
        const redacted = deps.redact(title);
        store.sessions.setTitle(sessionId, redacted);
        store.audit.append('SESSION_RENAMED', { sessionId, data: { from: session.title, to: redacted } });
        return store.sessions.get(sessionId) ?? session;
      }),
    deleteSession: async (sessionId) =>
      store.transaction(() => {
        const session = store.sessions.existing(sessionId);
        const { openTurns, pendingApprovals } = store.sessions.activity(sessionId);
        if (openTurns > 0 || pendingApprovals > 0) {
          const busy = openTurns > 0 ? `${openTurns} turn(s) queued or running` : `${pendingApprovals} approval(s) waiting`;
          throw new ParapetError('SESSION_BUSY', `session ${sessionId} is in use (${busy}): stop its turn or answer its approval first`);
        }
        const messagesDeleted = store.sessions.remove(sessionId);
        store.audit.append('SESSION_DELETED', { sessionId, data: { title: session.title, messages: messagesDeleted } });
        return { sessionId, messagesDeleted };
      }),
  };
}
