export interface TraceSpanView {
  readonly spanId: number;
  /** 0 for the turn's root span. */
  readonly parentId: number;
  readonly name: string;
  /** Milliseconds since the epoch. */
  readonly startedAtMs: number;
  readonly durationMs: number;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
}

export interface TurnTraceView {
  readonly turnId: string;
  /** In start order. */
  readonly spans: readonly TraceSpanView[];
}

/** Each turn's trace, for every client. A turn with no stored trace throws TRACE_NOT_FOUND. */
export interface TraceApi {
  /** `turnId` undefined: the turn whose trace started last. */
  getTrace(turnId: string | undefined): Promise<TurnTraceView>;
}
