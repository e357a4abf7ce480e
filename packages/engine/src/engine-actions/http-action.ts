import type { HostResolver, HttpSettings } from '../http/types.js';
import type { EngineAction } from './route.js';

function stringRecord(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    throw new TypeError('executor: http_request headers must be a map of strings');
  }
  return value as Record<string, string>;
}

/** `http_request`, made by the engine (the agent and the executor have no network). */
export function httpRequestAction(settings: HttpSettings, resolve?: HostResolver): EngineAction {
  return async (request) => {
    const { url, method, body } = request.payload;
    if (typeof url !== 'string' || typeof method !== 'string' || typeof body !== 'string') throw new TypeError('executor: http_request needs url, method and body strings');
    // undici loads with the first request: an engine that makes none stays smaller.
    const { performHttpRequest } = await import('../http/http-request.js');
    return await performHttpRequest(
      { url, method, body, headers: stringRecord(request.payload['headers']) },
      { settings, timeoutMs: request.timeoutMs, maxOutputBytes: request.maxOutputBytes, ...(resolve ? { resolve } : {}) },
    );
  };
}
