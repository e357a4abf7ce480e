import type { EngineEvent } from './events.js';

/** A detail quoted in a client's line (a reason, an output): one line, cut so a long error page stays readable. */
const MAX_DETAIL_CHARS = 200;

export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL_CHARS ? `${line.slice(0, MAX_DETAIL_CHARS - 1)}…` : line;
}

/**
 * What every client tells its user about the turn's model calls and limits (a retry, a move to
 * another model, the token cap, a compacted history), worded once; undefined for other events.
 */
export function turnNotice(event: EngineEvent): string | undefined {
  switch (event.type) {
    case 'llm_retry':
      return `model ${event.model} failed: ${oneLine(event.reason)}; retry ${event.attempt} of ${event.maxRetries} in ${event.delayMs} ms`;
    case 'model_failover':
      return `moved from model ${event.fromModel} to ${event.toModel}`;
    case 'turn_capped':
      return oneLine(event.message);
    case 'history_compacted':
      return `history compacted: ${event.foldedMessages} earlier messages summarised`;
    default:
      return undefined;
  }
}
