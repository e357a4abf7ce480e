import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startScriptedModel, type ChatRequest, type ChatRequestMessage, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import { connectRaw, type RawEngineClient } from '../harness/raw-client.js';
import { startParapet, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

const WINDOW = 2048;
const REPLY_RESERVE = 256;
const HISTORY_CONFIG = `history:\n  context_window: ${WINDOW}\n  reply_reserve: ${REPLY_RESERVE}\n`;
// Approvals off: a memory note the Shield cannot clear is refused, not left waiting for a human.
const CONFIG = `${HISTORY_CONFIG}shield:\n  approvals:\n    enabled: false\n`;
const FACT = "The user's cat is named Miso.";

function messageText(message: ChatRequestMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part) => part.text ?? '').join('') : '';
}

let model: ScriptedModel | undefined;
let parapet: RunningParapet | undefined;
let client: RawEngineClient | undefined;

afterEach(async () => {
  client?.close();
  client = undefined;
  await parapet?.stop();
  parapet?.cleanup();
  parapet = undefined;
  await model?.close();
  model = undefined;
});

afterAll(() => client?.close());

function isCompaction(request: ChatRequest | undefined): boolean {
  return messageText(request?.messages[0]).startsWith('You compact a conversation');
}

/** A compaction reply as a careful model writes it: what the transcript and the earlier summary hold. */
function compactionReply(request: ChatRequest): ScriptedReply {
  const transcript = messageText(request.messages[1]);
  const turns = (transcript.match(/^user: /gm) ?? []).length;
  const knowsTheCat = transcript.includes('Miso');
  const summary = `SUMMARY:\nThe user sent ${turns} more short messages; each was acknowledged.${knowsTheCat ? ` ${FACT}` : ''}`;
  return { text: `${summary}\nFACTS:\n${knowsTheCat ? `- ${FACT}` : ''}` };
}

function requestTokens(messages: readonly ChatRequestMessage[]): number {
  // The engine's estimate for a model it has no tokenizer for: four characters a token, four a message.
  return messages.reduce((sum, m) => {
    const calls = (m.tool_calls ?? []).reduce((n, c) => n + Math.ceil((c.function.name.length + c.function.arguments.length) / 4), 0);
    return sum + 4 + Math.ceil(messageText(m).length / 4) + calls;
  }, 0);
}

let compactedEvents = 0;

async function send(text: string, sessionId?: string): Promise<string> {
  if (!client) throw new Error('no client');
  const { events, error } = await client.sendMessage({ text, ...(sessionId ? { session_id: sessionId } : {}) });
  compactedEvents += events.filter((e) => e.history_compacted).length;
  expect(error, error?.message).toBeUndefined();
  const failed = events.find((e) => e.error);
  expect(failed?.error, JSON.stringify(failed?.error)).toBeUndefined();
  expect(events.some((e) => e.response_complete)).toBe(true);
  return events[0]?.session_id ?? '';
}

describe('history that lasts', () => {
  it('sends a later turn the earlier turn’s tool call and its result', async () => {
    const plans: Record<string, Plan> = {
      'read notes': { calls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }], answer: (results) => `Notes: ${results.join(' | ')}` },
    };
    const scripted = await startScriptedModel({ respond: plannedModel((text) => plans[text] ?? { answer: () => `You said: ${text}` }) });
    model = scripted;
    parapet = await startParapet({ llmUrl: scripted.url, config: CONFIG });
    writeFileSync(join(parapet.workspace, 'notes.txt'), 'buy oat milk\n');
    client = connectRaw(parapet.home);

    const sessionId = await send('read notes');
    const before = scripted.requests.length;
    await send('what did you read?', sessionId);

    const later = scripted.requests.slice(before).map((r) => r.body?.messages ?? []);
    const first = later[0] ?? [];
    const call = first.flatMap((m) => m.tool_calls ?? []).find((c) => c.function.name === 'read_file');
    expect(call, 'the read_file call of the first turn').toBeDefined();
    expect(JSON.parse(call?.function.arguments ?? '{}')).toEqual({ path: 'notes.txt' });
    const answerIndex = first.findIndex((m) => m.role === 'tool' && m.tool_call_id === call?.id);
    expect(messageText(first[answerIndex])).toContain('buy oat milk');
    // The API's shape: every tool message answers a call of the assistant message before it.
    for (const [index, message] of first.entries()) {
      if (message.role !== 'tool') continue;
      let owner = index - 1;
      while (first[owner]?.role === 'tool') owner -= 1;
      expect(first[owner]?.tool_calls?.map((c) => c.id)).toContain(message.tool_call_id);
    }
    expect(messageText(first.at(-1))).toBe('what did you read?');
  });

  it('keeps a 200-turn conversation under the budget while the model still sees the first fact', async () => {
    const scripted = await startScriptedModel({
      respond: (request) => (isCompaction(request) ? compactionReply(request) : { text: `Noted: ${messageText(request.messages.at(-1)).slice(0, 60)}` }),
    });
    model = scripted;
    parapet = await startParapet({ llmUrl: scripted.url, config: CONFIG });
    client = connectRaw(parapet.home);
    compactedEvents = 0;

    const sessionId = await send(`Please remember this: ${FACT.replace("The user's", 'my')}`);
    for (let turn = 2; turn <= 200; turn += 1) {
      await send(`Message ${turn}: an ordinary remark about the weather, the garden and what is for dinner tonight.`, sessionId);
    }

    const bodies = scripted.requests.map((r) => r.body).filter((b): b is ChatRequest => b !== undefined);
    // The session's titling request is neither a turn nor a compaction.
    const turns = bodies.filter((b) => /^(Message \d+|Please remember)/.test(messageText(b.messages.at(-1))));
    const compactions = bodies.filter(isCompaction).length;
    expect(turns).toHaveLength(200);
    for (const body of turns) expect(requestTokens(body.messages)).toBeLessThanOrEqual(WINDOW - REPLY_RESERVE);
    // Compacted from time to time, not every turn: the watermark carries the summary forward.
    expect(compactions).toBeGreaterThan(0);
    expect(compactions).toBeLessThan(40);
    // Each one the engine stored was announced to the session's client.
    expect(compactedEvents).toBe(compactions);
    const last = turns.at(-1)?.messages ?? [];
    expect(last.map(messageText).join('\n')).toContain('Miso');
    expect(messageText(last.at(-1))).toContain('Message 200');

    const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare('SELECT summary FROM history_watermarks WHERE session_id = ?').get(sessionId) as { summary: string } | undefined;
      expect(row?.summary).toContain('Miso');
    } finally {
      db.close();
    }
  }, 240_000);

  it('compacts and retries once when the provider says the request is too long', async () => {
    let refused = 0;
    const scripted = await startScriptedModel({
      respond: (request) => {
        if (isCompaction(request)) return compactionReply(request);
        const last = messageText(request.messages.at(-1));
        if (last === 'too long now' && request.messages.some((m) => messageText(m) === 'first words about Miso') && refused === 0) {
          refused += 1;
          return { error: { status: 400, message: "This model's maximum context length is 2048 tokens.", code: 'context_length_exceeded' } };
        }
        return { text: `Answer to: ${last}` };
      },
    });
    model = scripted;
    parapet = await startParapet({ llmUrl: scripted.url, config: CONFIG });
    client = connectRaw(parapet.home);

    const sessionId = await send('first words about Miso');
    const { events, error } = await client.sendMessage({ text: 'too long now', session_id: sessionId });
    expect(error).toBeUndefined();
    expect(events.find((e) => e.error)).toBeUndefined();
    expect(events.find((e) => e.response_complete)?.response_complete?.content).toBe('Answer to: too long now');
    expect(refused).toBe(1);

    const bodies = scripted.requests.map((r) => r.body);
    const refusedAt = bodies.findIndex((b) => messageText(b?.messages.at(-1)) === 'too long now');
    expect(isCompaction(bodies[refusedAt + 1])).toBe(true);
    const retry = bodies[refusedAt + 2]?.messages ?? [];
    expect(retry.some((m) => messageText(m) === 'first words about Miso')).toBe(false);
    expect(retry.map(messageText).join('\n')).toContain(FACT);
    expect(messageText(retry.at(-1))).toBe('too long now');
  });
});
