import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChatMessage, ToolDef } from '@parapet/wire';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLlmRelay } from '../llm/relay.js';
import type { RelayPart } from '../llm/types.js';
import { createHarness, type Harness } from '../pipeline/pipeline.test-support.js';
import { metaToolDefs, toolDefsFor } from '../tools/catalog.js';
import { startDemoModel } from './demo-model.js';
import type { ScriptedModel } from '@parapet/shield/testing';

let h: Harness;
let model: ScriptedModel;
beforeEach(async () => {
  h = createHarness();
  model = await startDemoModel();
});
afterEach(async () => {
  await model.close();
  h.cleanup();
});

/** The agent's loop in miniature: relay rounds, load_tools answered from the catalog, other calls through the pipeline. */
async function turn(text: string): Promise<string> {
  const relay = createLlmRelay({ baseUrl: model.url, model: 'parapet-demo', timeoutMs: 5000 });
  const messages: ChatMessage[] = [{ role: 'user', content: text }];
  let tools: ToolDef[] = metaToolDefs();
  const loaded = new Set<string>();
  for (let round = 0; round < 5; round += 1) {
    const parts: RelayPart[] = [];
    for await (const part of relay.stream({ messages, tools })) parts.push(part);
    const calls = parts.flatMap((p) => (p.kind === 'tool_call' ? [p] : []));
    if (calls.length === 0) return parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
    messages.push({ role: 'assistant', content: '', tool_calls: calls.map((c) => ({ id: c.id, name: c.name, arguments_json: c.argumentsJson })) });
    for (const call of calls) {
      let content: string;
      if (call.name === 'load_tools') {
        const groups = (JSON.parse(call.argumentsJson) as { groups: string[] }).groups;
        groups.forEach((g) => loaded.add(g));
        tools = [...metaToolDefs(), ...toolDefsFor([...loaded])];
        content = `Loaded ${groups.join(', ')}`;
      } else {
        content = (
          await h.pipeline.run(
            { sessionId: h.store.sessions.list()[0]!.id, turnId: 't', callId: call.id, toolName: call.name, argumentsJson: call.argumentsJson, loadedGroups: loaded },
            () => undefined,
          )
        ).content;
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
  throw new Error('the demo model did not finish');
}

describe('demo model through the real relay and pipeline', () => {
  it('lists the workspace', async () => {
    writeFileSync(path.join(h.workspace, 'hello.txt'), 'hi');
    expect(await turn('list files')).toBe('Here is what is in the workspace:\n.: 1 entry\nhello.txt (2 bytes)');
  });

  it('reports that deleting a file outside the workspace was blocked, and the file stays', async () => {
    const outside = path.join(h.root, 'outside.txt');
    writeFileSync(outside, 'precious');
    const answer = await turn(`delete ${outside}`);
    expect(answer).toMatch(/^The delete was blocked \(PATH_OUTSIDE_WORKSPACE\)/);
    expect(readFileSync(outside, 'utf8')).toBe('precious');
  });

  it('writes and reads back a file', async () => {
    expect(await turn('write notes/todo.txt: buy milk')).toBe('Done. Created notes/todo.txt (8 bytes)');
    expect(await turn('read notes/todo.txt')).toBe('Contents of notes/todo.txt:\nbuy milk');
  });
});

async function post(body: unknown): Promise<Response> {
  return fetch(`${model.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('the demo model', () => {
  it('keeps no requests in the demo, which runs as long as the daemon', async () => {
    for (let turn = 0; turn < 3; turn++) {
      const response = await post({ messages: [{ role: 'user', content: `hello ${turn}` }] });
      expect(response.status).toBe(200);
      await response.json();
    }
    expect(model.requests).toHaveLength(0);
  });

  it('answers without streaming, lists its model, and rejects bad input', async () => {
    const completion = (await (await post({ messages: [{ role: 'user', content: 'hello' }] })).json()) as {
      object: string;
      choices: Array<{ message: { content: string }; finish_reason: string }>;
    };
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toContain('list files');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    const models = (await (await fetch(`${model.url}/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(['parapet-demo']);
    expect((await post({ nope: 1 })).status).toBe(400);
    expect((await fetch(`${model.url}/elsewhere`)).status).toBe(404);
  });
});
