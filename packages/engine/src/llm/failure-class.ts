import { APIConnectionError, APIError } from 'openai';

/**
 * How a failed model call may be handled. `transient`: the provider or the path to it is in trouble
 * (timeout, 408, 429, 5xx, connection reset) and the same request may succeed later or elsewhere.
 * `permanent`: the request or the credentials are wrong (400, 401, 403, 404, bad arguments); repeating
 * it cannot help. `context_length`: the conversation is too long for the model; only a shorter
 * request helps, so it is never retried as it is.
 */
export type FailureClass = 'transient' | 'permanent' | 'context_length';

/** The longest Retry-After honoured: a provider asking for more is treated as down for this call. */
export const MAX_RETRY_AFTER_MS = 60_000;

export interface ClassifiedFailure {
  readonly failure: FailureClass;
  /** What the provider asked for (Retry-After / retry-after-ms), capped at MAX_RETRY_AFTER_MS. */
  readonly retryAfterMs?: number;
}

export function classifyFailure(error: unknown, now: () => number = Date.now): ClassifiedFailure {
  if (error instanceof APIConnectionError) return { failure: 'transient' };
  if (!(error instanceof APIError)) return { failure: 'permanent' };
  const status = error.status ?? 0;
  if (isContextLength(error)) return { failure: 'context_length' };
  if (status === 408 || status === 429 || status >= 500) {
    const retryAfterMs = retryAfter(error.headers, now);
    return retryAfterMs === undefined ? { failure: 'transient' } : { failure: 'transient', retryAfterMs };
  }
  return { failure: 'permanent' };
}

const CONTEXT_LENGTH_CODES = new Set(['context_length_exceeded', 'string_above_max_length']);
const CONTEXT_LENGTH_TEXT = /context[ _-]?(length|window)|maximum context|too many tokens|prompt is too long/i;

function isContextLength(error: APIError): boolean {
  if (error.status !== 400 && error.status !== 413) return false;
  const body = error.error as { code?: unknown; message?: unknown } | undefined;
  if (typeof body?.code === 'string' && CONTEXT_LENGTH_CODES.has(body.code)) return true;
  if (typeof error.code === 'string' && CONTEXT_LENGTH_CODES.has(error.code)) return true;
  const text = typeof body?.message === 'string' ? body.message : error.message;
  return CONTEXT_LENGTH_TEXT.test(text);
}

/** `retry-after-ms` (OpenAI), else `Retry-After` in seconds or as an HTTP date. */
function retryAfter(headers: Headers | undefined, now: () => number): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.min(Math.round(ms), MAX_RETRY_AFTER_MS);
  const raw = headers.get('retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.min(Math.round(Number.parseFloat(raw) * 1000), MAX_RETRY_AFTER_MS);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now()), MAX_RETRY_AFTER_MS);
}
