/** Longest text from the agent (a tool name, a call id) a span keeps. */
const MAX_LABEL = 64;

/**
 * The agent is untrusted: what it names goes into a span as printable word characters only, cut
 * short, so a trace can neither grow without bound nor carry terminal escapes.
 */
export function traceLabel(text: string): string {
  return text.slice(0, MAX_LABEL).replace(/[^\w.:-]/g, '?');
}
