import type { LlmPart } from '@parapet/wire';
import type { LlmRelay, RelayNotice, RelayPart, RelayRequest } from './types.js';
import { usageToSnakeCase } from '@parapet/wire/client';

/** A relay part in the shape of the wire's `llm_part` directive (the caller adds request_id). */
export function toWireLlmPart(part: RelayPart): Omit<LlmPart, 'request_id'> {
  switch (part.kind) {
    case 'text':
      return { text_delta: part.text };
    case 'tool_call':
      return { tool_call: { id: part.id, name: part.name, arguments_json: part.argumentsJson } };
    case 'finish':
      return {
        finish: {
          reason: part.reason,
          usage: usageToSnakeCase(part.usage),
        },
      };
    case 'error':
      return { error: { code: part.code, message: part.message, retryable: part.retryable } };
  }
}

/** The relay as the turn runner consumes it: wire-shaped request in, wire-shaped parts out. */
export function wireModelRelay(relay: LlmRelay): {
  stream(request: RelayRequest, signal: AbortSignal, notify?: (notice: RelayNotice) => void): AsyncIterable<Omit<LlmPart, 'request_id'>>;
} {
  return {
    async *stream(request, signal, notify) {
      for await (const part of relay.stream(request, signal, notify)) yield toWireLlmPart(part);
    },
  };
}
