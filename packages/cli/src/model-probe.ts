import { errnoSentence } from './fs-errors.js';

export interface ModelTarget {
  readonly baseUrl: string;
  readonly model: string;
  /** The NAME of the variable holding the key, if the endpoint needs one. */
  readonly apiKeyEnv?: string;
}

export type ProbeResult = { readonly ok: true; readonly detail: string } | { readonly ok: false; readonly problem: string; readonly fix: string };

const PROBE_TIMEOUT_MS = 15_000;

function causeOf(error: unknown): unknown {
  return error instanceof Error && error.cause !== undefined ? error.cause : error;
}

/**
 * One tiny chat completion (a one-token answer), as the engine would send it: proves the URL, the
 * key and the model name together, and says which of them to check when it fails.
 */
export async function probeModel(target: ModelTarget, env: Readonly<Record<string, string | undefined>>): Promise<ProbeResult> {
  const key = target.apiKeyEnv !== undefined ? env[target.apiKeyEnv] : undefined;
  if (target.apiKeyEnv !== undefined && (key === undefined || key.trim() === '')) {
    return { ok: false, problem: `environment variable ${target.apiKeyEnv} is not set`, fix: `export ${target.apiKeyEnv}=… (the key), or name another variable` };
  }
  const url = `${target.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ model: target.model, messages: [{ role: 'user', content: 'Reply with OK.' }], max_tokens: 1 }),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = causeOf(error);
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      ok: false,
      problem: `cannot reach ${target.baseUrl}: ${timedOut ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s` : errnoSentence(cause)}`,
      fix: 'check the URL (scheme, host, port, the /v1 suffix) and that the server runs',
    };
  }
  const body = await response.text().catch(() => '');
  if (response.ok) return { ok: true, detail: `${target.model} at ${target.baseUrl} answered` };
  const said = serverMessage(body);
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      problem: `${target.baseUrl} refused the key (HTTP ${response.status})${said}`,
      fix: target.apiKeyEnv !== undefined ? `check that ${target.apiKeyEnv} holds a valid key for this endpoint` : 'this endpoint needs a key: set llm.api_key_env to the NAME of the variable holding it',
    };
  }
  if (response.status === 404) {
    return { ok: false, problem: `HTTP 404 from ${url}${said}`, fix: `check the model name "${target.model}" and that the URL ends where the API starts (often /v1)` };
  }
  return { ok: false, problem: `HTTP ${response.status} from ${url}${said}`, fix: `check the model name "${target.model}" and the server's log` };
}

/** The server's own error message, short: it often names the exact problem (an unknown model…). */
function serverMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof message === 'string' && message !== '' ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
