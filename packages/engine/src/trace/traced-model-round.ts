import type { LlmPart } from '@parapet/wire';
import type { Span } from './span.js';
import { traceClock } from './turn-trace.js';

type Part = Omit<LlmPart, 'request_id'>;

/**
 * Passes a model round's parts on unchanged while its span notes the time to the first token (text
 * or tool call), the token counts of `finish` and the code of an `error`.
 */
export async function* tracedModelRound(parts: AsyncIterable<Part>, span: Span, clock: () => number = traceClock): AsyncIterable<Part> {
  const startedAt = clock();
  let waitingForFirst = true;
  let toolCalls = 0;
  try {
    for await (const part of parts) {
      if (waitingForFirst && ((part.text_delta !== undefined && part.text_delta !== '') || part.tool_call)) {
        waitingForFirst = false;
        span.set({ ttft_ms: clock() - startedAt });
      }
      if (part.tool_call) toolCalls += 1;
      if (part.finish) {
        const usage = part.finish.usage;
        span.set({
          finish: part.finish.reason ?? '',
          prompt_tokens: Number(usage?.prompt_tokens ?? 0),
          completion_tokens: Number(usage?.completion_tokens ?? 0),
        });
      }
      if (part.error) span.set({ error: part.error.code ?? 'LLM_ERROR' });
      yield part;
    }
  } finally {
    span.end({ tool_calls: toolCalls });
  }
}
