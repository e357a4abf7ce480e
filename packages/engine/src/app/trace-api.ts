import { ParapetError } from '@parapet/wire';
import type { TraceApi } from '@parapet/wire/client';
import type { Store } from '../storage/index.js';

/** Reads the traces the turn runner stored. */
export function createTraceApi(store: Pick<Store, 'traces'>): TraceApi {
  return {
    getTrace: async (turnId) => {
      const id = turnId ?? store.traces.lastTurnId();
      if (id === undefined) throw new ParapetError('TRACE_NOT_FOUND', 'no turn has a trace yet: send a message first');
      const spans = store.traces.forTurn(id);
      if (spans.length === 0) throw new ParapetError('TRACE_NOT_FOUND', `no trace for turn ${id}`);
      return { turnId: id, spans: spans.map((span) => ({ ...span, parentId: span.parentId ?? 0 })) };
    },
  };
}
