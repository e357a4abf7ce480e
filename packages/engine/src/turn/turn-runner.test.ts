import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParapetError, type LlmPart } from '@parapet/wire';
import { MIN_QUEUE_LIMIT_BYTES, createBroadcaster, type Broadcaster } from '../events/index.js';
import type { EngineEvent } from '@parapet/wire/client';
import { openStore, type Store } from '../storage/index.js';
import type { AgentTurns, ModelRelay, TurnInput, TurnReply } from './ports.js';
import { acceptableTitle } from './session-title.js';
import { createTurnRunner } from './turn-runner.js';
import { testRunnerDeps } from './turn-runner.test-support.js';


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

function answer(content: string): TurnReply {
  return { content, thoughts: '', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 }, rounds: 1, toolWork: [] };
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
  redact = (text: string) => text,
) {
  return createTurnRunner(testRunnerDeps(store, dir, agent, { relay, maxStreamedTextBytes, bus, redact }));
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
    const stream = runner(agent, undefined, 1024 * 1024, bus).send({ text: 'stream a lot' }, new AbortController().signal, { onDropped: () => (dropped += 1) });
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

  it('redacts the message, its title, the workspace context and the answer before storing or passing them on', async () => {
    writeFileSync(join(dir, 'USER.md'), 'my key is KEY-0123456789');
    let seen: TurnInput | undefined;
    const agent: AgentTurns = {
      runTurn: async (input) => {
        seen = input;
        return { ...answer('stored KEY-0123456789'), thoughts: 'it was KEY-0123456789' };
      },
    };
    const redact = (text: string): string => text.replaceAll('KEY-0123456789', '[REDACTED]');
    const events = await drain(runner(agent, undefined, undefined, undefined, redact).send({ text: 'keep KEY-0123456789' }, new AbortController().signal));

    const everything = JSON.stringify([events, seen, store.sessions.list(), store.messages.list(events[0]?.sessionId ?? '')]);
    expect(everything).not.toContain('KEY-0123456789');
    expect(events[0]).toMatchObject({ type: 'session_created', title: 'keep [REDACTED]' });
    expect(seen?.message).toBe('keep [REDACTED]');
    expect(seen?.context).toEqual([{ name: 'USER.md', content: 'my key is [REDACTED]' }]);
    expect(events.at(-1)).toMatchObject({ type: 'response_complete', content: 'stored [REDACTED]', thoughts: 'it was [REDACTED]' });
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

  // An empty message is the API's to refuse (app/client-api.test.ts), before it reaches a turn.
  it('refuses an unknown session before storing anything', async () => {
    const agent: AgentTurns = { runTurn: async () => answer('x') };
    await expect(drain(runner(agent).send({ sessionId: '01NOSUCHSESSION', text: 'hi' }, new AbortController().signal))).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
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

/** Lets a test decide when each of the agent's turns ends. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Like the agent host: a turn whose signal aborts rejects with TURN_CANCELLED. */
function cancellable(signal: AbortSignal | undefined, until: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancel = () => reject(new ParapetError('TURN_CANCELLED', 'the turn was cancelled'));
    if (signal?.aborted) return cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    void until.then(resolve);
  });
}

describe('turns of one session', () => {
  it('run one after another: 20 concurrent messages give U A U A …, each turn seeing exactly the exchanges before it', async () => {
    const seen: TurnInput[] = [];
    const agent: AgentTurns = {
      runTurn: async (input) => {
        seen.push(input);
        // Later turns answer faster: without the line their answers would overtake earlier ones.
        await new Promise((resolve) => setTimeout(resolve, 40 - seen.length * 2));
        return answer(`echo: ${input.message}`);
      },
    };
    const turns = runner(agent);
    const first = await drain(turns.send({ text: 'q0' }, new AbortController().signal));
    const sessionId = first[0]?.sessionId ?? '';
    const streams = await Promise.all(
      Array.from({ length: 20 }, (_, i) => drain(turns.send({ sessionId, text: `q${i + 1}` }, new AbortController().signal))),
    );

    const history = store.messages.list(sessionId).map((m) => [m.role, m.content]);
    const expected = Array.from({ length: 21 }, (_, i) => [
      ['user', `q${i}`],
      ['assistant', `echo: q${i}`],
    ]).flat();
    expect(history).toEqual(expected);
    expect(seen.map((input) => input.message)).toEqual(expected.filter(([role]) => role === 'user').map(([, text]) => text));
    seen.forEach((input, k) => expect(input.history.map((m) => m.content)).toEqual(expected.slice(0, 2 * k).map(([, text]) => text)));
    // All but the first of the concurrent ones were told they were queued, then started.
    const queued = streams.filter((events) => events[0]?.type === 'turn_queued');
    expect(queued.length).toBeGreaterThanOrEqual(19);
    for (const events of streams) {
      expect(events.map((e) => e.type).filter((t) => t !== 'turn_queued')).toEqual(['message_stored', 'message_stored', 'response_complete']);
    }
    expect(streams.every((events, i) => events.at(-1)?.type === 'response_complete' && (events.at(-1) as { content: string }).content === `echo: q${i + 1}`)).toBe(true);
    expect(store.turns.unfinished()).toEqual([]);
  });

  it('do not hold up another session', async () => {
    const slow = gate();
    const agent: AgentTurns = {
      runTurn: async (input, _handlers, signal) => {
        if (input.message === 'slow') await cancellable(signal, slow.promise);
        return answer(`done: ${input.message}`);
      },
    };
    const turns = runner(agent);
    const slowTurn = drain(turns.send({ text: 'slow' }, new AbortController().signal));
    const other = await drain(turns.send({ text: 'quick' }, new AbortController().signal));
    expect(other.at(-1)).toMatchObject({ type: 'response_complete', content: 'done: quick' });
    slow.open();
    expect((await slowTurn).at(-1)).toMatchObject({ type: 'response_complete', content: 'done: slow' });
  });

  it('a cancel reaches the running turn: its outcome is stored and audited as cancelled, and the next turn starts', async () => {
    const never = gate();
    let agentSignal: AbortSignal | undefined;
    const agent: AgentTurns = {
      runTurn: async (input, _handlers, signal) => {
        if (input.message === 'long job') {
          agentSignal = signal;
          await cancellable(signal, never.promise);
        }
        return answer(`done: ${input.message}`);
      },
    };
    const bus = createBroadcaster({ queueLimitBytes: 1024 * 1024 });
    const turns = runner(agent, undefined, 1024 * 1024, bus);
    const first = await drain(turns.send({ text: 'hello' }, new AbortController().signal));
    const sessionId = first[0]?.sessionId ?? '';
    // Another client watching the session sees how the cancelled turn ended.
    const watcher = bus.subscribe(sessionId);
    const abort = new AbortController();
    const cancelled = drain(turns.send({ sessionId, text: 'long job' }, abort.signal));
    const next = drain(turns.send({ sessionId, text: 'after' }, new AbortController().signal));
    await vi.waitFor(() => expect(agentSignal).toBeDefined());
    abort.abort();
    expect((await next).at(-1)).toMatchObject({ type: 'response_complete', content: 'done: after' });
    await cancelled;

    expect(agentSignal?.aborted).toBe(true);
    const longTurn = store.messages.list(sessionId).find((m) => m.content === 'long job');
    expect(store.turns.get(longTurn?.turnId ?? '')).toMatchObject({ status: 'cancelled', errorCode: 'TURN_CANCELLED' });
    const audit = store.audit.list().filter((row) => row.kind === 'TURN_CANCELLED');
    expect(audit.map((row) => JSON.parse(row.data) as { turnId: string })).toEqual([expect.objectContaining({ turnId: longTurn?.turnId })]);
    expect(store.messages.list(sessionId).map((m) => m.content)).toEqual(['hello', 'done: hello', 'long job', 'after', 'done: after']);
    const watched: EngineEvent[] = [];
    for await (const batch of watcher) {
      watched.push(...batch);
      if (watched.some((e) => e.type === 'response_complete')) break;
    }
    expect(watched.find((e) => e.turnId === longTurn?.turnId && e.type === 'error')).toMatchObject({ code: 'TURN_CANCELLED' });
  });

  it('a turn cancelled while queued never runs; its message keeps its place in the history', async () => {
    const first = gate();
    const ran: string[] = [];
    const agent: AgentTurns = {
      runTurn: async (input, _handlers, signal) => {
        if (input.message === 'first') await first.promise;
        await cancellable(signal, Promise.resolve());
        ran.push(input.message);
        return answer(`done: ${input.message}`);
      },
    };
    const turns = runner(agent);
    const abort = new AbortController();
    const firstEvents = drain(turns.send({ text: 'first' }, new AbortController().signal));
    await vi.waitFor(() => expect(store.sessions.list()).toHaveLength(1));
    const sessionId = store.sessions.list()[0]?.id ?? '';
    const queuedEvents: EngineEvent[] = [];
    const queued = (async () => {
      for await (const batch of turns.send({ sessionId, text: 'withdrawn' }, abort.signal)) {
        queuedEvents.push(...batch);
        abort.abort();
      }
    })();
    await queued;
    expect(queuedEvents.map((e) => e.type)).toEqual(['turn_queued']);
    first.open();
    await firstEvents;
    await vi.waitFor(() => expect(store.turns.unfinished()).toEqual([]));
    expect(ran).toEqual(['first']);
    expect(store.messages.list(sessionId).map((m) => m.content)).toEqual(['first', 'done: first', 'withdrawn']);
    expect(store.turns.get(queuedEvents[0]?.turnId ?? '')?.status).toBe('cancelled');
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
