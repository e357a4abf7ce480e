import OpenAI, { APIUserAbortError } from 'openai';
import type { Logger } from '../logging/port.js';
import { quietLogger } from '../logging/quiet.js';
import { createRedactor, type Redactor } from '../redact/redactor.js';
import { RelayRequestError, toOpenAiMessages, toOpenAiTools } from './convert.js';
import { toErrorPart } from './errors.js';
import { redactMessages } from './redact-request.js';
import { ToolCallAssembler } from './tool-call-assembler.js';
import type { LlmRelay, RelayPart, RelayRequest } from './types.js';
import { usageFromSnakeCase } from '@parapet/wire/client';

export interface LlmRelayOptions {
  readonly baseUrl: string;
  readonly model: string;
  /** Local servers (Ollama, llama.cpp) need none. */
  readonly apiKey?: string | undefined;
  /** Longest wait for the first byte and between two chunks. */
  readonly timeoutMs: number;
  readonly logger?: Logger;
  /** Defaults to one that knows the API key. */
  readonly redactor?: Redactor;
}

/** The engine's side of one model call to one model (one attempt): the agent never holds the key or the socket. */
export function createLlmRelay(options: LlmRelayOptions): LlmRelay {
  const redactor = options.redactor ?? createRedactor({ secrets: [options.apiKey] });
  const logger = options.logger ?? quietLogger;
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // The SDK insists on a key; local servers ignore it.
    apiKey: options.apiKey ?? 'no-key',
    timeout: options.timeoutMs,
    // Retries are the failover relay's: it knows the failure class, Retry-After and the other models.
    maxRetries: 0,
  });
  const errorContext = { baseUrl: options.baseUrl, model: options.model, redactor };

  async function* stream(request: RelayRequest, signal?: AbortSignal): AsyncGenerator<RelayPart> {
    let messages;
    let tools;
    try {
      messages = toOpenAiMessages(redactMessages(request.messages, redactor));
      tools = toOpenAiTools(request.tools);
    } catch (error) {
      if (!(error instanceof RelayRequestError)) throw error;
      yield { kind: 'error', code: error.code, message: redactor.redact(`bad model request: ${error.message}`), retryable: error.retryable };
      return;
    }

    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let idleTimer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const armIdleTimer = (): void => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs);
    };

    const assembler = new ToolCallAssembler();
    const text = redactor.stream();
    let finishReason = '';
    let usage = usageFromSnakeCase(undefined);
    let readToTheEnd = false;
    try {
      armIdleTimer();
      const chunks = await client.chat.completions.create(
        {
          model: options.model,
          messages,
          ...(tools.length > 0 ? { tools } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: controller.signal },
      );
      for await (const chunk of chunks) {
        armIdleTimer();
        if (chunk.usage) {
          usage = usageFromSnakeCase(chunk.usage);
        }
        const choice = chunk.choices[0];
        if (!choice) continue;
        const content = choice.delta.content;
        if (content) {
          const safe = text.push(content);
          if (safe) yield { kind: 'text', text: safe };
        }
        for (const call of choice.delta.tool_calls ?? []) assembler.add(call);
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      readToTheEnd = true;
    } catch (error) {
      if (signal?.aborted) return;
      if (timedOut) {
        yield { kind: 'error', code: 'LLM_UNAVAILABLE', message: `no answer from the model at ${options.baseUrl} for ${options.timeoutMs} ms`, retryable: true, failure: 'transient' };
        return;
      }
      if (error instanceof APIUserAbortError) return;
      const part = toErrorPart(error, errorContext);
      logger.warn({ code: part.code, retryable: part.retryable, err: part.message }, 'model call failed');
      yield part;
      return;
    } finally {
      clearTimeout(idleTimer);
      signal?.removeEventListener('abort', onAbort);
      // A stream read to its end is closed already; otherwise (an error, or the consumer stopped
      // early) close the provider stream. Aborting costs a stack-carrying error per call.
      if (!readToTheEnd) controller.abort();
    }
    const rest = text.flush();
    if (rest) yield { kind: 'text', text: rest };
    for (const call of assembler.drain()) yield { kind: 'tool_call', ...call };
    yield { kind: 'finish', reason: finishReason || 'stop', usage };
  }

  return { stream };
}
