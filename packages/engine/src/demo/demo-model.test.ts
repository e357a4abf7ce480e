import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptedModel } from '@parapet/shield/testing';
import { startDemoModel } from './demo-model.js';

let server: ScriptedModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('the demo model', () => {
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
});
