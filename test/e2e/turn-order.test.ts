import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEngine, homePaths, type EngineClient } from '@parapet/cli';
import { startScriptedModel, type ChatRequest, type ChatRequestMessage, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import type { EngineEvent } from '@parapet/wire/client';
import { startParapet, type RunningParapet } from '../harness/parapet.js';

const CALLS_IN_ONE_REPLY = 20;

function text(message: ChatRequestMessage | undefined): string {
  return typeof message?.content === 'string' ? message.content : '';
}

/** Echoes the question; for "twenty reads" it loads the files group, then makes 20 calls in one reply. */
function respond(request: ChatRequest): ScriptedReply {
  const messages = request.messages;
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const question = text(messages[lastUser]);
  if (question !== 'twenty reads') return { text: `You said: ${question}` };
  const offered = new Set((request.tools ?? []).map((t) => t.function.name));
  if (!offered.has('read_file')) return { toolCalls: [{ id: 'load-1', name: 'load_tools', arguments: { groups: ['files'] } }] };
  const readsDone = messages.slice(lastUser + 1).some((m) => m.role === 'tool' && m.tool_call_id?.startsWith('read-'));
  if (!readsDone) {
    return {
      toolCalls: Array.from({ length: CALLS_IN_ONE_REPLY }, (_, i) => ({ id: `read-${i + 1}`, name: 'read_file', arguments: { path: 'notes.txt' } })),
    };
  }
  return { text: 'Read them.' };
}

let model: ScriptedModel;
let parapet: RunningParapet;
let client: EngineClient;

beforeAll(async () => {
  model = await startScriptedModel({ respond });
  parapet = await startParapet({ llmUrl: model.url });
  writeFileSync(join(parapet.workspace, 'notes.txt'), 'buy milk\n');
  const paths = homePaths(parapet.home);
  client = await connectEngine({ socketPath: paths.socketPath, tokenPath: paths.tokenPath });
});

afterAll(async () => {
  client?.close();
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});

async function send(text: string, sessionId?: string): Promise<EngineEvent[]> {
  const events: EngineEvent[] = [];
  for await (const event of client.sendMessage({ text, ...(sessionId ? { sessionId } : {}) }, new AbortController().signal)) {
    events.push(event);
  }
  return events;
}

function openDb(): Database.Database {
  return new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
}

describe('one conversation, one order', () => {
  it('20 concurrent messages on one session are answered in order: U A U A …, each model request ending at its own question', async () => {
    const first = await send('q0');
    const sessionId = first[0]?.sessionId ?? '';
    const requestsBefore = model.requests.length;
    const streams = await Promise.all(Array.from({ length: 20 }, (_, i) => send(`q${i + 1}`, sessionId)));

    streams.forEach((events, i) => expect(events.at(-1)).toMatchObject({ type: 'response_complete', content: `You said: q${i + 1}` }));
    expect(streams.some((events) => events[0]?.type === 'turn_queued')).toBe(true);

    const history = await client.getHistory(sessionId);
    const expected = Array.from({ length: 21 }, (_, i) => [
      ['user', `q${i}`],
      ['assistant', `You said: q${i}`],
    ]).flat();
    expect(history.messages.map((m) => [m.role, m.content])).toEqual(expected);

    // Agent requests offer tools; the session-title request does not.
    const questionsSeen = model.requests
      .slice(requestsBefore)
      .filter((r) => (r.body?.tools ?? []).length > 0)
      .map((r) => (r.body?.messages ?? []).filter((m) => m.role === 'user').map(text))
      .sort((a, b) => a.length - b.length);
    expect(questionsSeen).toEqual(Array.from({ length: 20 }, (_, k) => Array.from({ length: k + 2 }, (_, i) => `q${i}`)));
  });
});

describe('tool calls of one reply', () => {
  it(`runs the first 16 of ${CALLS_IN_ONE_REPLY}, refuses the rest, and audits every call, load_tools included`, async () => {
    const events = await send('twenty reads');
    expect(events.at(-1)).toMatchObject({ type: 'response_complete', content: 'Read them.' });
    const turnId = events.at(-1)?.turnId ?? '';

    const db = openDb();
    try {
      const rows = (
        db.prepare("SELECT kind, data FROM audit WHERE json_extract(data, '$.turnId') = ? ORDER BY seq").all(turnId) as { kind: string; data: string }[]
      ).map((row) => ({ kind: row.kind, ...(JSON.parse(row.data) as { tool: string; callId: string; code?: string }) }));
      const load = rows.filter((r) => r.tool === 'load_tools');
      expect(load.map((r) => r.kind)).toEqual(['PROPOSED', 'EXECUTED']);
      const outcomes = rows.filter((r) => r.tool === 'read_file' && r.kind !== 'PROPOSED' && r.kind !== 'EVALUATED');
      expect(outcomes.filter((r) => r.kind === 'EXECUTED')).toHaveLength(16);
      const refused = outcomes.filter((r) => r.kind === 'REFUSED');
      expect(refused.map((r) => [r.callId, r.code])).toEqual(
        ['read-17', 'read-18', 'read-19', 'read-20'].map((id) => [id, 'TOOL_CALL_LIMIT']),
      );
    } finally {
      db.close();
    }

    const last = model.requests.at(-1)?.body?.messages ?? [];
    const results = last.filter((m) => m.role === 'tool' && m.tool_call_id?.startsWith('read-')).map(text);
    expect(results.filter((r) => r.includes('buy milk'))).toHaveLength(16);
    expect(results.filter((r) => r.includes('TOOL_CALL_LIMIT'))).toHaveLength(4);
  });
});
