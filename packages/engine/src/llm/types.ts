import type { ChatMessage, ToolDef } from '@parapet/wire';
import type { TokenUsage } from '@parapet/wire/client';
import type { FailureClass } from './failure-class.js';

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
      /** How the failover relay treats it; absent: permanent (nothing is retried unless known to be transient). */
      readonly failure?: FailureClass;
      /** The provider's Retry-After, capped. */
      readonly retryAfterMs?: number;
    };

/** What the agent asks for: the conversation and the tools it offers, in wire shape. */
export interface RelayRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly ToolDef[];
}

/** What happened on the way to an answer, for the turn's clients (and the log). */
export type RelayNotice =
  | {
      readonly kind: 'retry';
      /** 1 for the first retry. */
      readonly attempt: number;
      readonly maxRetries: number;
      /** The model whose call failed. */
      readonly model: string;
      readonly code: string;
      readonly reason: string;
      readonly delayMs: number;
    }
  | { readonly kind: 'failover'; readonly fromModel: string; readonly toModel: string; readonly reason: string };

export interface LlmRelay {
  /**
   * Streams the model's answer. Never throws for provider trouble: the stream ends with an
   * `error` part instead. Ends quietly (no finish) when `signal` aborts. `notify` hears of retries
   * and failovers as they happen.
   */
  stream(request: RelayRequest, signal?: AbortSignal, notify?: (notice: RelayNotice) => void): AsyncIterable<RelayPart>;
}
