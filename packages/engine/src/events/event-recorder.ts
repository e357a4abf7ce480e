import type { EventLogRepo } from '../storage/event-log.js';
import type { EngineEvent } from '@parapet/wire/client';

/** Events kept per session for watchers that resume from a seq; older ones are deleted. */
export const DEFAULT_EVENTS_KEPT_PER_SESSION = 2000;

export interface EventRecorder {
  /** Queues the event; it is written with the others of this turn of the event loop. */
  record(event: EngineEvent): void;
  /** Writes what is queued now (before a replay reads the table). */
  flush(): void;
}

/**
 * Stores published events for replay. Writes are batched per event-loop turn into one transaction:
 * a streamed answer costs one write per batch, not one per token.
 */
export function createEventRecorder(
  log: EventLogRepo,
  options: { readonly keepPerSession?: number; readonly onError: (error: unknown) => void },
): EventRecorder {
  const keep = options.keepPerSession ?? DEFAULT_EVENTS_KEPT_PER_SESSION;
  let queued: { sessionId: string; seq: number; body: string }[] = [];
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (queued.length === 0) return;
    const batch = queued;
    queued = [];
    try {
      log.appendBatch(batch, keep);
    } catch (error) {
      options.onError(error);
    }
  };
  return {
    record(event) {
      queued.push({ sessionId: event.sessionId, seq: event.seq, body: JSON.stringify(event) });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
