/** The parts of an OpenAI chat-completions request the scripted model reads. */
export interface ChatRequestMessage {
  readonly role: string;
  readonly content?: string | ReadonlyArray<{ readonly type: string; readonly text?: string }> | null;
  readonly tool_calls?: ReadonlyArray<{ readonly id: string; readonly function: { readonly name: string; readonly arguments: string } }>;
  readonly tool_call_id?: string;
}

export interface ChatRequest {
  readonly model?: string;
  readonly messages: readonly ChatRequestMessage[];
  readonly tools?: ReadonlyArray<{ readonly type: string; readonly function: { readonly name: string; readonly description?: string; readonly parameters?: unknown } }>;
  readonly stream?: boolean;
  readonly stream_options?: { readonly include_usage?: boolean };
}

export interface ScriptedToolCall {
  readonly id?: string;
  readonly name: string;
  /** A string is sent verbatim (even if it is not valid JSON); an object is JSON-encoded. */
  readonly arguments: string | Readonly<Record<string, unknown>>;
}

export interface UsageNumbers {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

/** What the scripted model answers to one request. */
export type ScriptedReply =
  | {
      readonly text?: string;
      readonly toolCalls?: readonly ScriptedToolCall[];
      readonly finishReason?: string;
      readonly usage?: UsageNumbers;
      /** Wait this long before answering (to test timeouts and aborts). */
      readonly delayMs?: number;
      /** Characters per streamed delta of text and of tool-call arguments (default 7 and 5, like a provider); larger for huge replies. */
      readonly chunkChars?: number;
      /** Pause between streamed deltas, so a client can be seen receiving a reply token by token. */
      readonly chunkDelayMs?: number;
    }
  | {
      /** `code` as a provider sends it (OpenAI: `context_length_exceeded`). */
      readonly error: { readonly status: number; readonly message: string; readonly type?: string; readonly code?: string };
      readonly delayMs?: number;
      /** Response headers, e.g. `retry-after`. */
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** Accept the request, then drop the connection mid-stream. */
  | { readonly disconnect: true }
  /** Accept the request and never answer, until the client gives up or the server closes. */
  | { readonly hang: true };

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: ChatRequest | undefined;
}

/** Text of a message whether the content is a string or an array of text parts. */
export function messageText(message: ChatRequestMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => part.text ?? '').join('');
  return '';
}
