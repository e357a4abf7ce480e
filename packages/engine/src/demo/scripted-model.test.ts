import { afterEach, describe, expect, it } from 'vitest';
import { startDemoModel } from './demo-model.js';
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

  it('keeps no requests in the demo, which runs as long as the daemon', async () => {
    server = await startDemoModel();
    for (let turn = 0; turn < 3; turn++) {
      const response = await post(server.url, { messages: [{ role: 'user', content: `hello ${turn}` }] });
      expect(response.status).toBe(200);
      await response.json();
    }
    expect(server.requests).toHaveLength(0);
  });

  it('answers without streaming, lists its model, and rejects bad input', async () => {
    server = await startDemoModel();
    const completion = (await (await post(server.url, { messages: [{ role: 'user', content: 'hello' }] })).json()) as {
      object: string;
      choices: Array<{ message: { content: string }; finish_reason: string }>;
    };
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toContain('list files');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    const models = (await (await fetch(`${server.url}/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(['parapet-demo']);
    expect((await post(server.url, { nope: 1 })).status).toBe(400);
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
  });

  it('returns a scripted HTTP error as an OpenAI error body', async () => {
    server = await startScriptedModel({ respond: () => ({ error: { status: 429, message: 'slow down' } }) });
    const response = await post(server.url, { messages: [] });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ error: { message: 'slow down' } });
  });
});
