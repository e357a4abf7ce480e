import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParapetError, type LlmPart, type ResponseComplete__Output } from '@parapet/wire';
import { MIN_QUEUE_LIMIT_BYTES, createBroadcaster, type Broadcaster } from '../events/index.js';
import type { EngineEvent } from '../events/types.js';
import { openStore, type Store } from '../storage/index.js';
import type { AgentTurns, ModelRelay, TurnInput } from './ports.js';
import { acceptableTitle } from './session-title.js';
import { createTurnRunner } from './turn-runner.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parapet-turn-'));
  store = openStore(join(dir, 'parapet.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function answer(content: string): ResponseComplete__Output {
  return { turn_id: '', content, thoughts: '', usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 }, rounds: 1 };
}

function relayAnswering(text: string): ModelRelay & { calls: number } {
  const relay = {
    calls: 0,
    async *stream(): AsyncIterable<Omit<LlmPart, 'request_id'>> {
      relay.calls += 1;
      yield { text_delta: text };
      yield { finish: { reason: 'stop', usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } } };
    },
  };
  return relay;
}

function runner(
  agent: AgentTurns,
  relay: ModelRelay = relayAnswering('Weekly groceries'),
  maxStreamedTextBytes = 1024 * 1024,
  bus: Broadcaster = createBroadcaster({ queueLimitBytes: 1024 * 1024 }),
) {
  return createTurnRunner({
    store,
    bus,
    agent,
    relay,
    tools: { run: async () => ({ content: 'ok', isError: false }) },
    catalog: { groupNames: () => ['files'], toolDefsFor: () => [] },
    workspace: dir,
    maxRounds: 25,
    maxStreamedTextBytes,
    logger: quiet,
  });
}

async function drain(batches: AsyncIterable<readonly EngineEvent[]>): Promise<EngineEvent[]> {
  const seen: EngineEvent[] = [];
  for await (const batch of batches) seen.push(...batch);
  return seen;
}

describe('the turn runner', () => {
  it('stores the user message before the agent sees it, then stores and streams the answer', async () => {
    writeFileSync(join(dir, 'SOUL.md'), 'be kind');
    let seen: TurnInput | undefined;
    let storedWhenAgentRan: string[] = [];
    const agent: AgentTurns = {
      runTurn: async (input) => {
        seen = input;
        storedWhenAgentRan = store.messages.list(input.sessionId).map((m) => m.content);
        return answer('hello back');
      },
    };
    const events = await drain(runner(agent).send({ text: 'hello' }, new AbortController().signal));

    expect(events.map((e) => e.type)).toEqual(['session_created', 'message_stored', 'message_stored', 'response_complete']);
    expect(storedWhenAgentRan).toEqual(['hello']);
    expect(seen?.context).toEqual([{ name: 'SOUL.md', content: 'be kind' }]);
    const sessionId = events[0]?.sessionId ?? '';
    expect(store.messages.list(sessionId).map((m) => [m.role, m.content])).toEqual([
      ['user', 'hello'],
      ['assistant', 'hello back'],
    ]);
  });

  it('stops streaming a runaway reply at the byte budget, a prefix of the answer', async () => {
    const agent: AgentTurns = {
      runTurn: async (_input, handlers) => {
        for (let i = 0; i < 100; i += 1) handlers.onTokenDelta('0123456789');
        handlers.onTokenDelta('é');
        return answer('0123456789'.repeat(100));
      },
    };
    const events = await drain(runner(agent, undefined, 95).send({ text: 'talk a lot' }, new AbortController().signal));
    const streamed = events.flatMap((e) => (e.type === 'llm_token' ? [e.text] : [])).join('');
    expect(streamed).toBe('0123456789'.repeat(10).slice(0, 95));
    expect(events.at(-1)).toMatchObject({ type: 'response_complete' });
  });

  it('lets go of a reader that stopped reading: tells it, ends its stream with the farewell, and finishes the turn', async () => {
    const bus = createBroadcaster({ queueLimitBytes: MIN_QUEUE_LIMIT_BYTES });
    let finishTurn: () => void = () => undefined;
    const agent: AgentTurns = {
      runTurn: async (_input, handlers) => {
        // Far more than the reader's queue holds, while the reader is not reading.
        for (let i = 0; i < 2000; i += 1) handlers.onTokenDelta('x'.repeat(100));
        await new Promise<void>((resolve) => (finishTurn = resolve));
        return answer('done');
      },
    };
    let dropped = 0;
    const stream = runner(agent, undefined, 1024 * 1024, bus).send({ text: 'stream a lot' }, new AbortController().signal, () => (dropped += 1));
    const reader = stream[Symbol.asyncIterator]();
    const first = await reader.next();
    const sessionId = first.done ? '' : (first.value[0]?.sessionId ?? '');
    await vi.waitFor(() => expect(dropped).toBe(1));
    expect(bus.subscriberCount(sessionId)).toBe(0);

    const rest: EngineEvent[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next()) rest.push(...next.value);
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ type: 'error', code: 'SUBSCRIBER_DROPPED', sessionId });

    finishTurn();
    await vi.waitFor(() => expect(store.messages.list(sessionId).map((m) => m.content)).toEqual(['stream a lot', 'done']));
  });

  it('ends the turn with the error code when the agent fails, keeping the user message', async () => {
    const agent: AgentTurns = {
      runTurn: async () => {
        throw new ParapetError('AGENT_CRASHED', 'the agent died mid-turn', true);
      },
    };
    const events = await drain(runner(agent).send({ text: 'are you there?' }, new AbortController().signal));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'AGENT_CRASHED', retryable: true });
    expect(store.messages.list(events[0]?.sessionId ?? '').map((m) => m.content)).toEqual(['are you there?']);
  });

  it('refuses an unknown session and an empty message before storing anything', async () => {
    const agent: AgentTurns = { runTurn: async () => answer('x') };
    await expect(drain(runner(agent).send({ sessionId: '01NOSUCHSESSION', text: 'hi' }, new AbortController().signal))).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    await expect(drain(runner(agent).send({ text: '   ' }, new AbortController().signal))).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(store.sessions.list()).toEqual([]);
  });

  it('gives the session the model\'s title after three exchanges', async () => {
    const relay = relayAnswering('Weekly groceries');
    const turns = runner({ runTurn: async (input) => answer(`noted: ${input.message}`) }, relay);
    const first = await drain(turns.send({ text: 'I need eggs' }, new AbortController().signal));
    const sessionId = first[0]?.sessionId ?? '';
    expect(store.sessions.get(sessionId)?.title).toBe('I need eggs');
    await drain(turns.send({ sessionId, text: 'and milk' }, new AbortController().signal));
    expect(relay.calls).toBe(0);
    await drain(turns.send({ sessionId, text: 'and bread' }, new AbortController().signal));
    await vi.waitFor(() => expect(store.sessions.get(sessionId)?.title).toBe('Weekly groceries'));
    expect(relay.calls).toBe(1);
  });
});

describe('a title from the model', () => {
  it('is accepted only when it is one short line', () => {
    expect(acceptableTitle(' "Trip to Lisbon". ')).toBe('Trip to Lisbon');
    expect(acceptableTitle('')).toBeUndefined();
    expect(acceptableTitle('Line one\nLine two')).toBeUndefined();
    expect(acceptableTitle('one two three four five six seven eight nine ten')).toBeUndefined();
  });
});
