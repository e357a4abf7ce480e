import type { SpanRecord } from '../storage/traces.js';
import type { Span, SpanAttributes } from './span.js';

/** Milliseconds since the epoch, monotonic within the process (sub-millisecond precision). */
export const traceClock = (): number => performance.timeOrigin + performance.now();

/** Spans past this many are dropped: a runaway turn cannot grow its trace without bound. */
export const MAX_SPANS_PER_TURN = 5000;

export interface TurnTrace {
  readonly root: Span;
  /** Ends the root (and any span still open, marked unfinished) and hands over every span once. */
  finish(): SpanRecord[];
}

interface OpenSpan {
  readonly spanId: number;
  readonly parentId: number | undefined;
  readonly name: string;
  readonly startedAtMs: number;
  durationMs: number | undefined;
  attributes: Record<string, string | number | boolean>;
}

/** Collects one turn's spans in memory; nothing is recorded after `finish`. */
export function createTurnTrace(name: string, attributes: SpanAttributes = {}, clock: () => number = traceClock): TurnTrace {
  const spans: OpenSpan[] = [];
  let finished = false;

  const open = (spanName: string, parentId: number | undefined, startedAtMs: number, spanAttributes: SpanAttributes): OpenSpan | undefined => {
    if (finished || spans.length >= MAX_SPANS_PER_TURN) return undefined;
    const span: OpenSpan = { spanId: spans.length + 1, parentId, name: spanName, startedAtMs, durationMs: undefined, attributes: { ...spanAttributes } };
    spans.push(span);
    return span;
  };

  const handle = (span: OpenSpan | undefined): Span => ({
    child: (childName, childAttributes = {}) => handle(open(childName, span?.spanId, clock(), childAttributes)),
    childEndedNow: (childName, durationMs, childAttributes = {}) => {
      const now = clock();
      const child = open(childName, span?.spanId, now - durationMs, childAttributes);
      if (child) child.durationMs = durationMs;
    },
    set: (more) => {
      if (span && !finished) Object.assign(span.attributes, more);
    },
    end: (more) => {
      if (!span || finished || span.durationMs !== undefined) return;
      if (more) Object.assign(span.attributes, more);
      span.durationMs = clock() - span.startedAtMs;
    },
  });

  const root = handle(open(name, undefined, clock(), attributes));
  return {
    root,
    finish: () => {
      if (finished) return [];
      const endedAt = clock();
      finished = true;
      return spans.map((span) => ({
        spanId: span.spanId,
        ...(span.parentId === undefined ? {} : { parentId: span.parentId }),
        name: span.name,
        startedAtMs: span.startedAtMs,
        durationMs: span.durationMs ?? endedAt - span.startedAtMs,
        attributes: span.durationMs === undefined && span.parentId !== undefined ? { ...span.attributes, unfinished: true } : span.attributes,
      }));
    },
  };
}
