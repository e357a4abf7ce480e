import { afterEach, describe, expect, it, vi } from 'vitest';
import { inOrder } from './in-order.js';
import { startScriptedModel, type ScriptedModel } from './scripted-model.js';

let server: ScriptedModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('scripted model HTTP server', () => {
  it('streams SSE chunks ending with usage and [DONE]', async () => {
    server = await startScriptedModel({ respond: () => ({ toolCalls: [{ id: 'c1', name: 'read_file', arguments: { path: 'a-long-file-name.txt' } }] }) });
    const response = await post(server.url, { model: 'x', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)) as { choices: Array<{ delta: { tool_calls?: Array<{ function: { arguments?: string } }> }; finish_reason: string | null }>; usage?: unknown });
    const argumentPieces = chunks.flatMap((c) => c.choices.flatMap((choice) => choice.delta.tool_calls ?? [])).map((t) => t.function.arguments ?? '');
    expect(argumentPieces.filter(Boolean).length).toBeGreaterThan(2);
    expect(argumentPieces.join('')).toBe('{"path":"a-long-file-name.txt"}');
    expect(chunks.some((c) => c.choices[0]?.finish_reason === 'tool_calls')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) as unknown } });
  });

  it('returns a scripted HTTP error as an OpenAI error body', async () => {
    server = await startScriptedModel({ respond: () => ({ error: { status: 429, message: 'slow down' } }) });
    const response = await post(server.url, { messages: [] });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ error: { message: 'slow down' } });
  });

  it('answers a script in order, then 500 once it is spent', async () => {
    server = await startScriptedModel({ respond: inOrder([{ text: 'first' }, (request) => ({ text: `you sent ${request.messages.length}` })]) });
    const first = (await (await post(server.url, { messages: [{ role: 'user', content: 'a' }] })).json()) as { choices: Array<{ message: { content: string } }> };
    const second = (await (await post(server.url, { messages: [{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }] })).json()) as typeof first;
    expect([first.choices[0]?.message.content, second.choices[0]?.message.content]).toEqual(['first', 'you sent 2']);
    const spent = await post(server.url, { messages: [] });
    expect(spent.status).toBe(500);
    expect(await spent.json()).toMatchObject({ error: { message: 'script exhausted' } });
    expect(server.requests.map((request) => request.body?.messages.length)).toEqual([1, 2, 0]);
  });

  it('leaves a hanging request unanswered until the client aborts, and still closes', async () => {
    server = await startScriptedModel({ respond: () => ({ hang: true }) });
    const controller = new AbortController();
    const pending = fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ messages: [] }), signal: controller.signal });
    await vi.waitFor(() => expect(server?.requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await server.close();
    server = undefined;
  });
});
