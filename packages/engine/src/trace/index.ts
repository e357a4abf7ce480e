export { noSpan, type Span, type SpanAttributes } from './span.js';
export { createTurnTrace, traceClock, MAX_SPANS_PER_TURN, type TurnTrace } from './turn-trace.js';
export { tracedModelRound } from './traced-model-round.js';
export { tierSpans } from './tier-observer.js';
export { traceLabel } from './label.js';
