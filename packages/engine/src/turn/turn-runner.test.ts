import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParapetError, type LlmPart, type ResponseComplete__Output } from '@parapet/wire';
import { createBroadcaster } from '../events/index.js';
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

function runner(agent: AgentTurns, relay: ModelRelay = relayAnswering('Weekly groceries'), redact = (text: string) => text) {
  return createTurnRunner({
    store,
    bus: createBroadcaster({ queueLimit: 100 }),
    agent,
    relay,
    tools: { run: async () => ({ content: 'ok', isError: false }) },
    catalog: { groupNames: () => ['files'], toolDefsFor: () => [] },
    workspace: dir,
    maxRounds: 25,
    redact,
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
    const events = await drain(runner(agent, undefined, redact).send({ text: 'keep KEY-0123456789' }, new AbortController().signal));

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
