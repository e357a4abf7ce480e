import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import { ParapetError } from '@parapet/wire';
import { toOpenAiMessages } from './convert.js';
import { createLlmRelay } from './relay.js';
import type { RelayPart, RelayRequest } from './types.js';

const KEY = 'sk-relay-test-key-abcdefghijklmnop';
let server: ScriptedModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(respond: (n: number) => ScriptedReply): Promise<ScriptedModel> {
  let n = 0;
  server = await startScriptedModel({ respond: () => respond(n++) });
  return server;
}

async function collect(parts: AsyncIterable<RelayPart>): Promise<RelayPart[]> {
  const out: RelayPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

const hello: RelayRequest = { messages: [{ role: 'user', content: 'hi' }], tools: [] };

describe('LLM relay against an OpenAI-compatible server (real openai SDK)', () => {
  it('streams text and finishes with the reason and usage', async () => {
    const model = await serve(() => ({ text: 'Hello there, how can I help today?', usage: { prompt_tokens: 11, completion_tokens: 9, total_tokens: 20 } }));
    const relay = createLlmRelay({ baseUrl: model.url, model: 'm1', apiKey: KEY, timeoutMs: 5000 });
    const parts = await collect(relay.stream(hello));
    const text = parts.filter((p) => p.kind === 'text').map((p) => (p.kind === 'text' ? p.text : '')).join('');
    expect(text).toBe('Hello there, how can I help today?');
    expect(parts.filter((p) => p.kind === 'text').length).toBeGreaterThan(1);
    expect(parts.at(-1)).toEqual({ kind: 'finish', reason: 'stop', usage: { promptTokens: 11, completionTokens: 9, totalTokens: 20 } });
  });

  it('assembles tool calls whose arguments arrive split, and sends the conversation in OpenAI shape', async () => {
    const model = await serve(() => ({
      toolCalls: [
        { id: 'call_a', name: 'read_file', arguments: { path: 'notes/today.md' } },
        { id: 'call_b', name: 'list_directory', arguments: { path: '.' } },
      ],
    }));
    const relay = createLlmRelay({ baseUrl: model.url, model: 'm1', apiKey: KEY, timeoutMs: 5000 });
    const parts = await collect(
      relay.stream({
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'read it' },
          { role: 'assistant', content: '', tool_calls: [{ id: 'c0', name: 'load_tools', arguments_json: '{"groups":["files"]}' }] },
          { role: 'tool', content: 'Loaded tools: read_file', tool_call_id: 'c0' },
        ],
        tools: [{ name: 'read_file', description: 'Read a file', parameters_json_schema: '{"type":"object","properties":{"path":{"type":"string"}}}', group: 'files' }],
      }),
    );
    expect(parts).toEqual([
      { kind: 'tool_call', id: 'call_a', name: 'read_file', argumentsJson: '{"path":"notes/today.md"}' },
      { kind: 'tool_call', id: 'call_b', name: 'list_directory', argumentsJson: '{"path":"."}' },
      { kind: 'finish', reason: 'tool_calls', usage: expect.objectContaining({ totalTokens: expect.any(Number) }) as unknown },
    ]);
    const [request] = model.requests;
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({
      model: 'm1',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'read it' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c0', type: 'function', function: { name: 'load_tools', arguments: '{"groups":["files"]}' } }] },
        { role: 'tool', tool_call_id: 'c0', content: 'Loaded tools: read_file' },
      ],
      tools: [{ type: 'function', function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } }],
    });
  });

  it('turns a refused key into a non-retryable LLM_ERROR without leaking the key', async () => {
    const model = await serve(() => ({ error: { status: 401, message: `Incorrect API key provided: ${KEY}`, type: 'invalid_api_key' } }));
    const relay = createLlmRelay({ baseUrl: model.url, model: 'm1', apiKey: KEY, timeoutMs: 5000 });
    const parts = await collect(relay.stream(hello));
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ kind: 'error', code: 'LLM_ERROR', retryable: false });
    expect(JSON.stringify(parts)).not.toContain(KEY);
    expect(parts[0]?.kind === 'error' && parts[0].message).toContain('(401)');
  });

  it('maps a context-length refusal to LLM_CONTEXT_LENGTH, apart from other bad requests', async () => {
    const model = await serve((n) =>
      n === 0
        ? { error: { status: 400, message: "This model's maximum context length is 8192 tokens.", code: 'context_length_exceeded' } }
        : { error: { status: 400, message: 'bad tool schema' } },
    );
    const relay = createLlmRelay({ baseUrl: model.url, model: 'm1', timeoutMs: 5000 });
    const parts = await collect(relay.stream(hello));
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ kind: 'error', code: 'LLM_CONTEXT_LENGTH', retryable: false });
    const otherParts = await collect(relay.stream(hello));
    expect(otherParts[0]).toMatchObject({ kind: 'error', code: 'LLM_ERROR' });
  });

  it('reports a failing provider as a transient LLM_UNAVAILABLE after one call (retries are the failover relay\'s)', async () => {
    const model = await serve(() => ({ error: { status: 503, message: 'overloaded', type: 'server_error' } }));
    const relay = createLlmRelay({ baseUrl: model.url, model: 'm1', timeoutMs: 5000 });
    const parts = await collect(relay.stream(hello));
    expect(parts).toEqual([{ kind: 'error', code: 'LLM_UNAVAILABLE', message: 'the provider failed (503): overloaded', retryable: true, failure: 'transient' }]);
    expect(model.requests).toHaveLength(1);
  });
  it('reads Retry-After from a 429 and classes a 400 as permanent', async () => {
    let reply = 0;
    const model = await serve(() =>
      reply++ === 0
        ? { error: { status: 429, message: 'slow down', type: 'rate_limit' }, headers: { 'retry-after': '2' } }
        : { error: { status: 400, message: 'bad tool schema', type: 'invalid_request_error' } },
    );
    const relay = createLlmRelay({ baseUrl: model.url, model: 'm1', timeoutMs: 5000 });
    expect(await collect(relay.stream(hello))).toEqual([
      { kind: 'error', code: 'LLM_UNAVAILABLE', message: 'the provider is busy (429): slow down', retryable: true, failure: 'transient', retryAfterMs: 2000 },
    ]);
    expect(await collect(relay.stream(hello))).toEqual([
      { kind: 'error', code: 'LLM_ERROR', message: 'the provider rejected the request (400): bad tool schema', retryable: false, failure: 'permanent' },
    ]);
  });

  it('reports an unreachable endpoint as LLM_UNAVAILABLE', async () => {
    const model = await serve(() => ({ text: 'x' }));
    const url = model.url;
    await model.close();
    server = undefined;
    const parts = await collect(createLlmRelay({ baseUrl: url, model: 'm1', timeoutMs: 5000 }).stream(hello));
    expect(parts).toEqual([{ kind: 'error', code: 'LLM_UNAVAILABLE', message: `cannot reach the model at ${url}`, retryable: true, failure: 'transient' }]);
  });

  it('gives up on a model that does not answer within the timeout', async () => {
    const model = await serve(() => ({ text: 'late', delayMs: 10_000 }));
    const parts = await collect(createLlmRelay({ baseUrl: model.url, model: 'm1', timeoutMs: 200 }).stream(hello));
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ kind: 'error', code: 'LLM_UNAVAILABLE', retryable: true });
  });

  it('reports a connection dropped mid-stream as an error part', async () => {
    const model = await serve(() => ({ disconnect: true }));
    const parts = await collect(createLlmRelay({ baseUrl: model.url, model: 'm1', timeoutMs: 5000 }).stream(hello));
    expect(parts.at(-1)).toMatchObject({ kind: 'error', code: 'LLM_UNAVAILABLE', retryable: true });
    expect(parts.some((p) => p.kind === 'finish')).toBe(false);
  });

  it('stops quietly when the caller aborts', async () => {
    const model = await serve(() => ({ text: 'never', delayMs: 10_000 }));
    const controller = new AbortController();
    const pending = collect(createLlmRelay({ baseUrl: model.url, model: 'm1', timeoutMs: 30_000 }).stream(hello, controller.signal));
    while (model.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await pending).toEqual([]);
  });

  it('closes the provider stream when the caller stops reading early', async () => {
    // A provider that sends one chunk and then keeps the stream open: only the relay can close it.
    let closed!: () => void;
    const providerSawClose = new Promise<void>((resolve) => (closed = resolve));
    const provider = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = { id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'm1', choices: [{ index: 0, delta: { content: 'a long answer. '.repeat(40) }, finish_reason: null }] };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      response.on('close', closed);
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
      for await (const part of createLlmRelay({ baseUrl: url, model: 'm1', timeoutMs: 30_000 }).stream(hello)) {
        expect(part.kind).toBe('text');
        break;
      }
      await providerSawClose;
    } finally {
      provider.closeAllConnections();
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  it('refuses a malformed request without calling the provider', async () => {
    const model = await serve(() => ({ text: 'x' }));
    const relay = createLlmRelay({ baseUrl: model.url, model: 'm1', timeoutMs: 5000 });
    const parts = await collect(relay.stream({ messages: [{ role: 'wizard', content: 'x' }], tools: [] }));
    expect(parts).toEqual([{ kind: 'error', code: 'LLM_ERROR', message: 'bad model request: message 0: unsupported role "wizard"', retryable: false }]);
    expect(model.requests).toHaveLength(0);
  });

  it('throws a coded LLM_ERROR for a request it cannot translate', () => {
    const translate = (): unknown => toOpenAiMessages([{ role: 'wizard', content: 'x' }]);
    expect(translate).toThrow(ParapetError);
    expect(translate).toThrow(expect.objectContaining({ code: 'LLM_ERROR', message: 'message 0: unsupported role "wizard"' }));
  });

  it('redacts secrets the model writes, even split across chunks', async () => {
    const model = await serve(() => ({ text: `Your key is ${KEY} and your token ghp_0123456789abcdefghijABCDEFGHIJ.` }));
    const parts = await collect(createLlmRelay({ baseUrl: model.url, model: 'm1', apiKey: KEY, timeoutMs: 5000 }).stream(hello));
    const text = parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
    expect(text).toBe('Your key is [REDACTED] and your token [REDACTED].');
  });

  it('redacts secrets in what it sends to the provider: messages and tool call arguments, which stay JSON', async () => {
    const model = await serve(() => ({ text: 'ok' }));
    const stripe = 'sk_live_51HqLyjWDarjtT1zdp7dcXfAbCdEf';
    const aws = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzAMPLEKEY';
    await collect(
      createLlmRelay({ baseUrl: model.url, model: 'm1', apiKey: KEY, timeoutMs: 5000 }).stream({
        messages: [
          { role: 'system', content: `USER.md says my key is ${stripe}` },
          { role: 'user', content: `store ${aws} please` },
          { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'write_file', arguments_json: JSON.stringify({ path: 'k.txt', content: aws }) }] },
          { role: 'tool', content: `wrote ${aws}`, tool_call_id: 'c1' },
        ],
        tools: [],
      }),
    );
    const sent = JSON.stringify(model.requests[0]?.body);
    expect(sent).not.toContain(stripe);
    expect(sent).not.toContain(aws);
    const call = model.requests[0]?.body?.messages[2]?.tool_calls?.[0];
    expect(JSON.parse(call?.function.arguments ?? '')).toEqual({ path: 'k.txt', content: '[REDACTED]' });
  });
});
