import type { SpanAttributes } from '../storage/traces.js';

export type { SpanAttributes };

/**
 * One timed stage of a turn (DESIGN §12: the port every stage that wants to be traced calls). A
 * span is cheap: it only notes times in memory; the turn's spans are stored together when it ends.
 */
export interface Span {
  /** Starts a child span now. */
  child(name: string, attributes?: SpanAttributes): Span;
  /** Records a child span measured elsewhere, ending now (e.g. a Shield tier's own timing). */
  childEndedNow(name: string, durationMs: number, attributes?: SpanAttributes): void;
  /** Adds attributes known later (tokens, the verdict). */
  set(attributes: SpanAttributes): void;
  /** Ends the span now; a second call changes nothing. */
  end(attributes?: SpanAttributes): void;
}

/** Where a caller with no trace (tests, the engine's own calls) sends its spans: nowhere. */
export const noSpan: Span = {
  child: () => noSpan,
  childEndedNow: () => undefined,
  set: () => undefined,
  end: () => undefined,
};
