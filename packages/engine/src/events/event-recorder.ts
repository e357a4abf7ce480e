import type { EventLogRepo } from '../storage/event-log.js';
import type { EngineEvent } from '@parapet/wire/client';

/** Events kept per session for watchers that resume from a seq; older ones are deleted. */
export const DEFAULT_EVENTS_KEPT_PER_SESSION = 2000;

/**
 * How long a recorded event may wait to be written with the ones after it. Replay reads the table
 * only after a flush, so the wait is never seen; it turns the writes of a tool call's events (each
 * published in its own turn of the event loop) and a turn's streamed tokens into one transaction.
 */
export const RECORD_BATCH_MS = 25;

export interface EventRecorder {
  /** Queues the event; it is written with the others queued within RECORD_BATCH_MS. */
  record(event: EngineEvent): void;
  /** Writes what is queued now (before a replay reads the table). */
  flush(): void;
}

/**
 * Stores published events for replay. Writes are batched into one transaction per RECORD_BATCH_MS:
 * a streamed answer or a run of tool calls costs one write per batch, not one per event. The engine
 * flushes on shutdown and before a replay.
 */
export function createEventRecorder(
  log: EventLogRepo,
  options: { readonly keepPerSession?: number; readonly onError: (error: unknown) => void },
): EventRecorder {
  const keep = options.keepPerSession ?? DEFAULT_EVENTS_KEPT_PER_SESSION;
  let queued: { sessionId: string; seq: number; body: string }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
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
      if (!timer) {
        timer = setTimeout(flush, RECORD_BATCH_MS);
        // Nothing waits on it: shutdown flushes what is queued.
        timer.unref();
      }
    },
    flush,
  };
}
