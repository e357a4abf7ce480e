import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEngine, homePaths, type EngineClient } from '@parapet/cli';
import { startScriptedModel, type ChatRequest, type ChatRequestMessage, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import type { EngineEvent } from '@parapet/wire/client';
import { startParapet, type RunningParapet } from '../harness/parapet.js';

/*
 * A sub-agent the user asked for, through the daemon under the default policy with approvals off
 * (an escalation is a refusal): the Shield lets a spawn whose task is the user's request and whose
 * tool groups fit it run without a human, and still stops one granted a group the task never needed.
 */

const SUMMARY_TASK = 'Summarise the release notes.';

/** Tool groups the parent grants its helper, by the user's message. */
const GRANTS: Record<string, string[]> = {
  'Start a helper agent that summarises the release notes.': ['files'],
  'Start a helper agent that summarises the changelog.': ['files', 'shell'],
};

function text(message: ChatRequestMessage | undefined): string {
  return typeof message?.content === 'string' ? message.content : '';
}

function respond(request: ChatRequest): ScriptedReply {
  const messages = request.messages;
  if ((request.tools ?? []).length === 0) return { text: 'A title' };
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const said = text(messages[lastUser]);
  const thisTurn = messages.slice(lastUser + 1);
  // The helper's own turn: its task is its user message.
  if (said === SUMMARY_TASK || said === 'Summarise the changelog.') return { text: 'Two fixes and one new feature.' };
  const spawned = thisTurn.find((m) => m.role === 'tool' && m.tool_call_id === 'spawn-1');
  if (spawned) return { text: `Helper said: ${text(spawned)}` };
  const offered = new Set((request.tools ?? []).map((t) => t.function.name));
  if (!offered.has('spawn_agent')) return { toolCalls: [{ id: 'load-1', name: 'load_tools', arguments: { groups: ['agents'] } }] };
  const task = said.includes('changelog') ? 'Summarise the changelog.' : SUMMARY_TASK;
  return { toolCalls: [{ id: 'spawn-1', name: 'spawn_agent', arguments: { task, tool_groups: GRANTS[said] ?? [] } }] };
}

let model: ScriptedModel;
let parapet: RunningParapet;
let client: EngineClient;

beforeAll(async () => {
  model = await startScriptedModel({ respond });
  parapet = await startParapet({ llmUrl: model.url, config: 'shield:\n  approvals:\n    enabled: false\n' });
  const paths = homePaths(parapet.home);
  client = await connectEngine({ socketPath: paths.socketPath, tokenPath: paths.tokenPath });
});

afterAll(async () => {
  client?.close();
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});

async function send(question: string): Promise<EngineEvent[]> {
  const events: EngineEvent[] = [];
  for await (const event of client.sendMessage({ text: question }, new AbortController().signal)) events.push(event);
  return events;
}

function childrenOf(sessionId: string): { session_id: string; tool_groups: string }[] {
  const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT session_id, tool_groups FROM session_parents WHERE parent_session_id = ?').all(sessionId) as {
      session_id: string;
      tool_groups: string;
    }[];
  } finally {
    db.close();
  }
}

const verdicts = (events: EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'shield_verdict' ? [[e.decision, e.tier] as const] : []));

describe('a sub-agent the user asked for', () => {
  it('runs without a human when its task is the request and it gets only the files group', async () => {
    const events = await send('Start a helper agent that summarises the release notes.');
    const done = events.at(-1);
    expect(done?.type, JSON.stringify(events.filter((e) => e.type === 'error'))).toBe('response_complete');
    expect(done?.type === 'response_complete' ? done.content : '').toMatch(/^Helper said: .*Two fixes and one new feature\./su);
    expect(verdicts(events)).toEqual([['ALLOW', 1]]);
    expect(events.filter((e) => e.type === 'approval_required')).toEqual([]);
    const children = childrenOf(done?.sessionId ?? '');
    expect(children.map((child) => JSON.parse(child.tool_groups) as string[])).toEqual([['files']]);
  });

  it('is refused when it is also given the shell, which a summary does not need', async () => {
    const events = await send('Start a helper agent that summarises the changelog.');
    const done = events.at(-1);
    expect(done?.type).toBe('response_complete');
    expect(verdicts(events)).toEqual([['ESCALATE', 1]]);
    expect(childrenOf(done?.sessionId ?? '')).toEqual([]);
  });
});
