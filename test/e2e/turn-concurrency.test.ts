import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { connectEngine, homePaths, type EngineClient } from '@parapet/cli';
import { startScriptedModel, type ChatRequest, type ChatRequestMessage, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import type { EngineEvent } from '@parapet/wire/client';
import { startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';

/*
 * Turns of different sessions overlap: the scripted model holds session A's reply until the test
 * lets it go, and session B's turn must finish meanwhile. With concurrency.max_turns: 1, B waits
 * for A instead (turn_queued, daemon at capacity) and A finishes first.
 */

/** Gives up waiting on a gate only so a serialized daemon fails on the order instead of hanging. */
const GATE_FALLBACK_MS = 20_000;

function text(message: ChatRequestMessage | undefined): string {
  return typeof message?.content === 'string' ? message.content : '';
}

function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
    setTimeout(resolve, GATE_FALLBACK_MS).unref();
  });
  return { opened, open };
}

let model: ScriptedModel | undefined;
let parapet: RunningParapet | undefined;
let client: EngineClient | undefined;
let holdA = gate();

/** Answers "slow A" only once the gate opens; "fast B" at once; a list request after one read. */
async function respond(request: ChatRequest): Promise<ScriptedReply> {
  const messages = request.messages;
  const question = text(messages[messages.findLastIndex((m) => m.role === 'user')]);
  if ((request.tools ?? []).length === 0) return { text: 'A title' };
  if (question === 'slow A') await holdA.opened;
  const offered = new Set((request.tools ?? []).map((t) => t.function.name));
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const listed = messages.slice(lastUser + 1).some((m) => m.role === 'tool' && m.tool_call_id === 'list-1');
  if (!offered.has('list_directory')) return { toolCalls: [{ id: 'load-1', name: 'load_tools', arguments: { groups: ['files'] } }] };
  if (!listed) return { toolCalls: [{ id: 'list-1', name: 'list_directory', arguments: { path: '.' } }] };
  return { text: `Answered ${question}` };
}

async function start(config: string): Promise<EngineClient> {
  holdA = gate();
  model = await startScriptedModel({ respond });
  parapet = await startParapet({ llmUrl: model.url, config });
  const paths = homePaths(parapet.home);
  client = await connectEngine({ socketPath: paths.socketPath, tokenPath: paths.tokenPath });
  return client;
}

async function stop(): Promise<void> {
  holdA.open();
  client?.close();
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
  client = undefined;
  parapet = undefined;
  model = undefined;
}

afterEach(stop);
afterAll(stop);

/** Sends a message; `finished` records the order in which turns end. */
async function send(engine: EngineClient, question: string, finished: string[]): Promise<EngineEvent[]> {
  const events: EngineEvent[] = [];
  for await (const event of engine.sendMessage({ text: question }, new AbortController().signal)) events.push(event);
  finished.push(question);
  return events;
}

const requestsFor = (question: string): number =>
  (model?.requests ?? []).filter((r) => (r.body?.tools ?? []).length > 0 && text(r.body?.messages.findLast((m) => m.role === 'user')) === question).length;

describe('turns of different sessions', () => {
  it('overlap: B, sent while A waits on the model, finishes first, then A', async () => {
    const engine = await start('');
    const finished: string[] = [];
    const a = send(engine, 'slow A', finished);
    await waitFor('A asking the model', async () => (requestsFor('slow A') > 0 ? true : undefined));
    const b = await send(engine, 'fast B', finished);
    expect(b.at(-1)).toMatchObject({ type: 'response_complete', content: 'Answered fast B' });
    expect(b.some((e) => e.type === 'action_completed' && e.toolName === 'list_directory' && !e.isError)).toBe(true);
    expect(finished).toEqual(['fast B']);

    holdA.open();
    const aEvents = await a;
    expect(aEvents.at(-1)).toMatchObject({ type: 'response_complete', content: 'Answered slow A' });
    expect(finished).toEqual(['fast B', 'slow A']);
    expect(aEvents[0]?.sessionId).not.toBe(b[0]?.sessionId);
  });

  it('wait for a free place past concurrency.max_turns: B is queued (daemon at capacity) and ends after A', async () => {
    const engine = await start('concurrency:\n  max_turns: 1\n');
    const finished: string[] = [];
    const a = send(engine, 'slow A', finished);
    await waitFor('A asking the model', async () => (requestsFor('slow A') > 0 ? true : undefined));
    const bEvents: EngineEvent[] = [];
    const b = (async () => {
      for await (const event of engine.sendMessage({ text: 'fast B' }, new AbortController().signal)) bEvents.push(event);
      finished.push('fast B');
    })();
    await waitFor('B queued', async () => (bEvents.some((e) => e.type === 'turn_queued') ? true : undefined));
    expect(bEvents.find((e) => e.type === 'turn_queued')).toMatchObject({ turnsAhead: 1, daemonAtCapacity: true });
    // B's message is durable but not yet in its session's history, and the model has not seen it.
    expect(bEvents.some((e) => e.type === 'message_stored')).toBe(false);
    expect(requestsFor('fast B')).toBe(0);

    holdA.open();
    await Promise.all([a, b]);
    expect(finished).toEqual(['slow A', 'fast B']);
    expect(bEvents.at(-1)).toMatchObject({ type: 'response_complete', content: 'Answered fast B' });
    const queuedAt = bEvents.findIndex((e) => e.type === 'turn_queued');
    const storedAt = bEvents.findIndex((e) => e.type === 'message_stored');
    expect(storedAt).toBeGreaterThan(queuedAt);
  });
});
