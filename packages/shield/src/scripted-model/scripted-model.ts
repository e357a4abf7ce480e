import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completionBody, streamChunks, argumentsText } from './chunks.js';
import { messageText, type ChatRequest, type RecordedRequest, type ScriptedReply, type UsageNumbers } from './types.js';

export interface ScriptedModelOptions {
  respond(request: ChatRequest): ScriptedReply | Promise<ScriptedReply>;
  /** Reported by /v1/models and in every answer. */
  readonly model?: string;
  /** Static HTML pages served on GET (path → HTML), e.g. the demo's page for `fetch`. */
  readonly pages?: Readonly<Record<string, string>>;
  /**
   * Keep every request in `requests` (default true, for tests that check them). A long-running
   * model (the demo) turns it off: each request carries the whole conversation, so keeping them
   * grows with the square of a session's length.
   */
  readonly recordRequests?: boolean;
}

export interface ScriptedModel {
  /** Base URL for an OpenAI client, e.g. `http://127.0.0.1:41234/v1`. */
  readonly url: string;
  readonly model: string;
  /** Every request received, in order (none when `recordRequests` is false). */
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** An OpenAI-compatible chat-completions server on loopback whose answers a script decides. */
export async function startScriptedModel(options: ScriptedModelOptions): Promise<ScriptedModel> {
  const model = options.model ?? 'scripted-model';
  const requests: RecordedRequest[] = [];
  const record = options.recordRequests === false ? () => undefined : (request: RecordedRequest) => void requests.push(request);
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, `scripted model failed: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && path === '/v1/models') {
      record({ method: 'GET', path, authorization: req.headers.authorization, body: undefined });
      sendJson(res, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'parapet' }] });
      return;
    }
    const page = req.method === 'GET' && options.pages && Object.hasOwn(options.pages, path) ? options.pages[path] : undefined;
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      sendError(res, 404, `no route ${req.method ?? ''} ${path}`);
      return;
    }
    let body: ChatRequest;
    try {
      body = JSON.parse(await readBody(req)) as ChatRequest;
      if (!Array.isArray(body.messages)) throw new Error('messages must be an array');
    } catch (error) {
      sendError(res, 400, `bad request: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    record({ method: 'POST', path, authorization: req.headers.authorization, body });
    const reply = await options.respond(body);
    if ('hang' in reply) {
      await closed(res);
      return;
    }
    if ('delayMs' in reply && reply.delayMs) await sleep(reply.delayMs, res);
    if (res.destroyed) return;
    if ('disconnect' in reply) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': starting\n\n');
      res.destroy();
      return;
    }
    if ('error' in reply) {
      sendError(res, reply.error.status, reply.error.message, reply.error.type, reply.error.code, reply.headers);
      return;
    }
    const toolCalls = (reply.toolCalls ?? []).map((call) => ({ ...call, id: call.id ?? `call_${randomBytes(6).toString('hex')}` }));
    const text = reply.text ?? '';
    const answer = {
      text,
      toolCalls,
      finishReason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      usage: reply.usage ?? estimateUsage(body, text + toolCalls.map(argumentsText).join('')),
    };
    const ids = { id: `chatcmpl-${randomBytes(8).toString('hex')}`, model: body.model ?? model, created: Math.floor(Date.now() / 1000) };
    if (!body.stream) {
      sendJson(res, 200, completionBody(ids, answer));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const chunk of streamChunks(ids, answer, body.stream_options?.include_usage === true, reply.chunkChars)) {
      if (!res.write(`data: ${JSON.stringify(chunk)}\n\n`)) await drained(res);
      if (res.destroyed) return;
      if (reply.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, reply.chunkDelayMs));
    }
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    model,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Resolves when the socket takes more, or the client goes away: a huge reply is not buffered whole. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/** Resolves when the client goes away (or the server closes the connection). */
function closed(res: ServerResponse): Promise<void> {
  return res.destroyed ? Promise.resolve() : new Promise((resolve) => res.once('close', () => resolve()));
}

/** Resolves after `ms`, or as soon as the client goes away. */
function sleep(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type = 'invalid_request_error',
  code?: string,
  headers?: Readonly<Record<string, string>>,
): void {
  sendJson(res, status, { error: { message, type, param: null, code: code ?? null } }, headers);
}

/** Roughly four characters per token, like the usual rule of thumb. */
function estimateUsage(request: ChatRequest, completion: string): UsageNumbers {
  const promptChars = request.messages.reduce((sum, message) => sum + messageText(message).length, 0);
  const prompt_tokens = Math.ceil(promptChars / 4);
  const completion_tokens = Math.ceil(completion.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}
