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

type Attributes = Record<string, string | number | boolean>;

/** What one turn's spans share: where they are kept and the clock. */
class SpanSink {
  readonly spans: RecordedSpan[] = [];
  finished = false;

  constructor(readonly clock: () => number) {}

  open(name: string, parentId: number | undefined, startedAtMs: number, attributes: SpanAttributes | undefined): Span {
    if (this.finished || this.spans.length >= MAX_SPANS_PER_TURN) return droppedSpan;
    const span = new RecordedSpan(this, this.spans.length + 1, parentId, name, startedAtMs, attributes);
    this.spans.push(span);
    return span;
  }
}

/** A span kept in memory: a plain object with prototype methods, cheap enough for every stage. */
class RecordedSpan implements Span {
  durationMs: number | undefined = undefined;
  attributes: Attributes | undefined;

  constructor(
    private readonly sink: SpanSink,
    readonly spanId: number,
    readonly parentId: number | undefined,
    readonly name: string,
    readonly startedAtMs: number,
    attributes: SpanAttributes | undefined,
  ) {
    this.attributes = attributes === undefined ? undefined : { ...attributes };
  }

  child(name: string, attributes?: SpanAttributes): Span {
    return this.sink.open(name, this.spanId, this.sink.clock(), attributes);
  }

  childEndedNow(name: string, durationMs: number, attributes?: SpanAttributes): void {
    const child = this.sink.open(name, this.spanId, this.sink.clock() - durationMs, attributes);
    if (child instanceof RecordedSpan) child.durationMs = durationMs;
  }

  set(attributes: SpanAttributes): void {
    if (this.sink.finished) return;
    this.attributes = this.attributes === undefined ? { ...attributes } : Object.assign(this.attributes, attributes);
  }

  end(attributes?: SpanAttributes): void {
    if (this.sink.finished || this.durationMs !== undefined) return;
    if (attributes) this.set(attributes);
    this.durationMs = this.sink.clock() - this.startedAtMs;
  }
}

/** Past the cap or after the turn: nothing is kept. */
const droppedSpan: Span = {
  child: () => droppedSpan,
  childEndedNow: () => undefined,
  set: () => undefined,
  end: () => undefined,
};

/** Collects one turn's spans in memory; nothing is recorded after `finish`. */
export function createTurnTrace(name: string, attributes: SpanAttributes = {}, clock: () => number = traceClock): TurnTrace {
  const sink = new SpanSink(clock);
  const root = sink.open(name, undefined, clock(), attributes);
  return {
    root,
    finish: () => {
      if (sink.finished) return [];
      const endedAt = clock();
      sink.finished = true;
      return sink.spans.map((span) => {
        const open = span.durationMs === undefined;
        const kept = span.attributes ?? {};
        return {
          spanId: span.spanId,
          ...(span.parentId === undefined ? {} : { parentId: span.parentId }),
          name: span.name,
          startedAtMs: span.startedAtMs,
          durationMs: span.durationMs ?? endedAt - span.startedAtMs,
          attributes: open && span.parentId !== undefined ? { ...kept, unfinished: true } : kept,
        };
      });
    },
  };
}
