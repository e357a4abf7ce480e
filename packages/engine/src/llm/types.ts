import type { ChatMessage, ToolDef } from '@parapet/wire';
import type { TokenUsage } from '../events/types.js';

/** One piece of a streamed model answer, provider-neutral. */
export type RelayPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'tool_call'; readonly id: string; readonly name: string; readonly argumentsJson: string }
  | { readonly kind: 'finish'; readonly reason: string; readonly usage: TokenUsage }
  | {
      readonly kind: 'error';
      readonly code: 'LLM_UNAVAILABLE' | 'LLM_ERROR' | 'LLM_CONTEXT_LENGTH';
      /** Redacted, one line, no stack. */
      readonly message: string;
      readonly retryable: boolean;
    };

/** What the agent asks for: the conversation and the tools it offers, in wire shape. */
export interface RelayRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly ToolDef[];
}

export interface LlmRelay {
  /**
   * Streams the model's answer. Never throws for provider trouble: the stream ends with an
   * `error` part instead. Ends quietly (no finish) when `signal` aborts.
   */
  stream(request: RelayRequest, signal?: AbortSignal): AsyncIterable<RelayPart>;
}
