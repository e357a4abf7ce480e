import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { isContextLengthError } from './context-length.js';
import type { Redactor } from '../redact/redactor.js';
import { classifyFailure } from './failure-class.js';
import type { RelayPart } from './types.js';

type ErrorPart = Extract<RelayPart, { kind: 'error' }>;

/** A provider or transport failure as an error part: stable code, retryable flag, one redacted line. */
export function toErrorPart(error: unknown, context: { readonly baseUrl: string; readonly model: string; readonly redactor: Redactor }): ErrorPart {
  const classified = classifyFailure(error);
  const part = (code: ErrorPart['code'], message: string, retryable: boolean): ErrorPart => ({
    kind: 'error',
    code,
    message: context.redactor.redact(message.replace(/\s+/g, ' ').trim()),
    retryable,
    ...classified,
  });
  if (error instanceof APIConnectionTimeoutError) return part('LLM_UNAVAILABLE', `the model at ${context.baseUrl} timed out`, true);
  if (error instanceof APIConnectionError) return part('LLM_UNAVAILABLE', `cannot reach the model at ${context.baseUrl}`, true);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const detail = providerMessage(error);
    if (status === 401 || status === 403) return part('LLM_ERROR', `the provider refused the credentials (${status}): ${detail}`, false);
    if (status === 404) return part('LLM_ERROR', `model ${context.model} or endpoint not found (404): ${detail}`, false);
    if (status === 408 || status === 429) return part('LLM_UNAVAILABLE', `the provider is busy (${status}): ${detail}`, true);
    if (status >= 500) return part('LLM_UNAVAILABLE', `the provider failed (${status}): ${detail}`, true);
    if (isContextLengthError(error)) return part('LLM_CONTEXT_LENGTH', `the request is longer than the model's context window: ${detail}`, false);
    return part('LLM_ERROR', `the provider rejected the request (${status || 'no status'}): ${detail}`, false);
  }
  return part('LLM_ERROR', `model call failed: ${error instanceof Error ? error.message : String(error)}`, false);
}

function providerMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : error.message;
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
