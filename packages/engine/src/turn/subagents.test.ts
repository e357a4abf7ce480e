import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../storage/index.js';
import type { AgentTurns, TurnInput, TurnReply } from './ports.js';
import { createTurnRunner } from './turn-runner.js';
import { testRunnerDeps } from './turn-runner.test-support.js';


let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parapet-subagents-'));
  store = openStore(join(dir, 'parapet.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function answer(content: string): TurnReply {
  return { content, thoughts: '', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 }, rounds: 1, toolWork: [] };
}

/** An agent whose turns answer "did: TASK" once released (all at once unless held). */
function agentHolding(): AgentTurns & { inputs: TurnInput[]; release(): void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const inputs: TurnInput[] = [];
  return {
    inputs,
    release,
    async runTurn(input) {
      inputs.push(input);
      await released;
      return answer(`did: ${input.message}`);
    },
  };
}

function runner(agent: AgentTurns, maxChildrenPerTurn = 4) {
  return createTurnRunner(
    testRunnerDeps(store, dir, agent, {
      catalog: { groupNames: () => ['files', 'shell', 'agents'], toolDefsFor: () => [], isReadOnly: () => false },
      maxChildrenPerTurn,
    }),
  );
}

/** A chain of linked sessions down to `depth`; returns the deepest one's id. */
function sessionAtDepth(depth: number): string {
  let parent = store.sessions.create({ title: 'user' }).id;
  for (let level = 1; level <= depth; level++) {
    const child = store.sessions.create({ title: `level ${level}` }).id;
    store.sessionParents.link({ sessionId: child, parentSessionId: parent, parentTurnId: `T${level}`, parentCallId: 'c', depth: level, toolGroups: ['agents'] });
    parent = child;
  }
  return parent;
}

const spawn = (parentSessionId: string, parentTurnId: string, task: string, toolGroups: string[] = ['agents']) => ({
  parentSessionId,
  parentTurnId,
  parentCallId: `call-${task}`,
  task,
  toolGroups,
  signal: undefined,
});

describe('sub-agents', () => {
  it('runs a child in a linked session and resolves with its stored answer', async () => {
    const agent = agentHolding();
    agent.release();
    const parent = store.sessions.create({ title: 'user' }).id;
    await expect(runner(agent).runSubagent(spawn(parent, 'T0', 'sum the numbers', ['files']))).resolves.toBe('did: sum the numbers');
    const [child] = store.sessionParents.children(parent);
    expect(child).toMatchObject({ parentTurnId: 'T0', parentCallId: 'call-sum the numbers', depth: 1, toolGroups: ['files'] });
    expect(store.messages.list(child?.sessionId ?? '').map((m) => [m.role, m.content])).toEqual([
      ['user', 'sum the numbers'],
      ['assistant', 'did: sum the numbers'],
    ]);
  });

  it('refuses a spawn from depth 3, whatever groups the session was given, and creates nothing', async () => {
    const agent = agentHolding();
    agent.release();
    const deepest = sessionAtDepth(3);
    await expect(runner(agent).runSubagent(spawn(deepest, 'T9', 'go deeper', []))).rejects.toMatchObject({
      code: 'SUBAGENT_LIMIT',
      message: expect.stringContaining('depth 3 cannot spawn') as unknown,
    });
    await expect(runner(agent).runSubagent(spawn(deepest, 'T9', 'go deeper'))).rejects.toMatchObject({ code: 'SUBAGENT_LIMIT' });
    expect(store.sessionParents.children(deepest)).toEqual([]);
    expect(agent.inputs).toEqual([]);
    // From depth 2 a child is still allowed.
    await expect(runner(agent).runSubagent(spawn(sessionAtDepth(2), 'T8', 'one more'))).resolves.toBe('did: one more');
  });

  it('refuses a child past concurrency.max_children of one turn, and takes one again once a child ends', async () => {
    const agent = agentHolding();
    const turns = runner(agent, 1);
    const parent = store.sessions.create({ title: 'user' }).id;
    const first = turns.runSubagent(spawn(parent, 'T0', 'first'));
    await expect(turns.runSubagent(spawn(parent, 'T0', 'second'))).rejects.toMatchObject({ code: 'SUBAGENT_LIMIT' });
    // Another turn's children are counted apart.
    const other = turns.runSubagent(spawn(parent, 'T1', 'other turn'));
    agent.release();
    await expect(first).resolves.toBe('did: first');
    await expect(other).resolves.toBe('did: other turn');
    await expect(turns.runSubagent(spawn(parent, 'T0', 'third'))).resolves.toBe('did: third');
    expect(agent.inputs.map((input) => input.message)).toEqual(['first', 'other turn', 'third']);
  });
});
