import { APIError } from 'openai';

/** Phrases providers use when a request is longer than the model's window (OpenAI, vLLM, llama.cpp, Ollama). */
const CONTEXT_LENGTH_WORDING = /context[ _]length|maximum context|context window|too many tokens/i;

/**
 * True when the provider refused the request for being longer than the model's context window:
 * OpenAI's 400 with code `context_length_exceeded`, or a 400 whose message says so. The agent
 * answers it by compacting the history and retrying once, so it is a class of its own.
 */
export function isContextLengthError(error: unknown): boolean {
  if (!(error instanceof APIError) || error.status !== 400) return false;
  if (error.code === 'context_length_exceeded') return true;
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : error.message;
  return CONTEXT_LENGTH_WORDING.test(message);
}
