import type { TierObserver } from '@parapet/shield';
import type { Span } from './span.js';

/** Turns the Shield's per-tier timings into child spans of the pipeline's shield stage. */
export function tierSpans(span: Span): TierObserver {
  return (tier, elapsedUs, outcome) => span.childEndedNow(`tier ${tier}`, elapsedUs / 1000, { outcome });
}
