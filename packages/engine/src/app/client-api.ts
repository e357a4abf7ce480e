import { ParapetError } from '@parapet/wire';
import type { AdminApi, ChronicleApi, ClientApi, EngineStatusSnapshot, HistoryMessage, TraceApi, WebLoginLink } from '@parapet/wire/client';
import type { MessageRecord, Store } from '../storage/index.js';
import type { TurnRunner } from '../turn/index.js';
import { DEFAULT_HISTORY_PAGE, decodePageToken, fitPage } from './history-page.js';
import { SHIELD_STATS_WINDOW, shieldStatsOf } from './shield-stats.js';
import { toApprovalView } from '../approvals/index.js';
import { watchEvents, type WatchDeps } from './watch-events.js';
import { validateSendMessage } from '../server/validate-request.js';

const DEFAULT_APPROVALS_PAGE = 50;

function historyMessage(message: MessageRecord): HistoryMessage {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    thoughts: message.thoughts,
    usage: message.role === 'assistant' ? message.usage : null,
    createdAt: message.createdAt,
    turnId: message.turnId,
  };
}

/** The one entry point every client drives (DESIGN: no client has a private path). */
export function createClientApi(deps: {
  readonly store: Store;
  readonly turns: TurnRunner;
  /** The largest message text any client may send. */
  readonly maxMessageBytes: number;
  readonly status: () => EngineStatusSnapshot;
  /** Undefined while (or when) the engine serves no web UI. */
  readonly webLogin: () => WebLoginLink | undefined;
  readonly watch: WatchDeps;
  readonly chronicle: ChronicleApi;
  readonly admin: AdminApi;
  readonly traces: TraceApi;
}): ClientApi {
  const { store } = deps;
  return {
    ...deps.chronicle,
    ...deps.admin,
    ...deps.traces,
    sendMessage: (request, signal, hooks) => deps.turns.send(validateSendMessage(request, deps.maxMessageBytes), signal, hooks),
    listSessions: async (limit) => store.sessions.list(limit),
    getHistory: async (sessionId, request = {}) => {
      const session = store.sessions.existing(sessionId);
      const after = request.pageToken ? decodePageToken(request.pageToken) : 0;
      const limit = request.limit ?? DEFAULT_HISTORY_PAGE;
      const { page, nextPageToken } = fitPage(store.messages.listAfter(sessionId, after, limit + 1), limit);
      return { session, messages: page.map((entry) => historyMessage(entry.message)), nextPageToken };
    },
    status: async () => deps.status(),
    verifyAudit: async () => store.audit.verify(),
    listAudit: async (request) =>
      store.audit.page(request).map((row) => ({
        seq: row.seq,
        ts: row.ts,
        kind: row.kind,
        sessionId: row.sessionId ?? '',
        actionId: row.actionId ?? '',
        dataJson: row.data,
        prevHash: row.prevHash,
        hash: row.hash,
      })),
    shieldStats: async (bucketSeconds) =>
      shieldStatsOf(store.audit.page({ kind: 'EVALUATED', limit: SHIELD_STATS_WINDOW }).reverse(), bucketSeconds),
    createWebLogin: async () => {
      const link = deps.webLogin();
      if (!link) throw new ParapetError('WEB_DISABLED', 'the web UI is off (web.enabled in config.yaml)');
      return link;
    },
    watch: (request, signal, hooks) => watchEvents(deps.watch, request, signal, hooks),
    resolveApproval: async (decision) => {
      const desk = deps.watch.approvals;
      if (!desk) throw new ParapetError('APPROVAL_NOT_FOUND', 'approvals are turned off (shield.approvals.enabled: false)');
      return desk.resolve(decision);
    },
    listApprovals: async ({ pendingOnly, limit }) =>
      store.approvals.list({ pendingOnly, limit: limit ?? DEFAULT_APPROVALS_PAGE }).map(toApprovalView),
  };
}
