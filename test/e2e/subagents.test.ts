import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEngine, homePaths, type EngineClient } from '@parapet/cli';
import { startScriptedModel, type ChatRequest, type ChatRequestMessage, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import type { EngineEvent } from '@parapet/wire/client';
import { startParapet, type RunningParapet } from '../harness/parapet.js';

/*
 * spawn_agent through the daemon, under the default policy: the Shield escalates each spawn
 * (create_agent) to a human, whom this test plays by approving every spawn it is asked about.
 * The scripted model at "level N" spawns "level N+1" and answers with what its child returned.
 */

function text(message: ChatRequestMessage | undefined): string {
  return typeof message?.content === 'string' ? message.content : '';
}

/** Tool groups each level asks for its child; "wide" asks for one its parent lacks. */
function childGroups(task: string): string[] {
  if (task === 'go read') return ['files'];
  return task.startsWith('wide') ? ['agents', 'shell'] : ['agents'];
}

function nextTask(task: string): string {
  if (task === 'go deep') return 'level 1';
  if (task === 'go wide') return 'wide child';
  if (task === 'go read') return 'read deploy.txt';
  const level = /^level (\d+)$/u.exec(task);
  return level ? `level ${Number(level[1]) + 1}` : 'wide grandchild';
}

function respond(request: ChatRequest): ScriptedReply {
  const messages = request.messages;
  if ((request.tools ?? []).length === 0) return { text: 'A title' };
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const task = text(messages[lastUser]);
  const thisTurn = messages.slice(lastUser + 1);
  const spawnResult = thisTurn.find((m) => m.role === 'tool' && m.tool_call_id === 'spawn-1');
  if (spawnResult) return { text: `${task} got: ${text(spawnResult)}` };
  const offered = new Set((request.tools ?? []).map((t) => t.function.name));
  if (task === 'read deploy.txt') {
    const read = thisTurn.find((m) => m.role === 'tool' && m.tool_call_id === 'read-1');
    if (read) return { text: `It says: ${text(read)}` };
    if (!offered.has('read_file')) return { toolCalls: [{ id: 'load-1', name: 'load_tools', arguments: { groups: ['files'] } }] };
    return { toolCalls: [{ id: 'read-1', name: 'read_file', arguments: { path: 'deploy.txt' } }] };
  }
  const triedLoading = thisTurn.some((m) => m.tool_calls?.some((c) => c.function.name === 'load_tools'));
  if (!offered.has('spawn_agent') && !triedLoading) return { toolCalls: [{ id: 'load-1', name: 'load_tools', arguments: { groups: ['agents'] } }] };
  // Offered or not, the model calls spawn_agent: the engine decides.
  return { toolCalls: [{ id: 'spawn-1', name: 'spawn_agent', arguments: { task: nextTask(task), tool_groups: childGroups(task) } }] };
}

let model: ScriptedModel;
let parapet: RunningParapet;
let client: EngineClient;
let approver: { stop(): Promise<void> } | undefined;
const approvedSummaries: string[] = [];

/** Plays the human: approves every pending approval until stopped. */
function approveEverything(engine: EngineClient): { stop(): Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const approval of await engine.listApprovals({ pendingOnly: true })) {
        approvedSummaries.push(approval.summary);
        await engine.resolveApproval({ approvalId: approval.id, actionHash: approval.actionHash, approve: true, scope: 'once', channel: 'cli', answeredBy: 'test' });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

beforeAll(async () => {
  model = await startScriptedModel({ respond });
  parapet = await startParapet({ llmUrl: model.url });
  const paths = homePaths(parapet.home);
  client = await connectEngine({ socketPath: paths.socketPath, tokenPath: paths.tokenPath });
  approver = approveEverything(client);
  writeFileSync(join(parapet.workspace, 'deploy.txt'), 'deploy with ghp_0123456789abcdefghijABCDEFGHIJ\n');
});

afterAll(async () => {
  await approver?.stop();
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

interface LinkRow {
  session_id: string;
  parent_session_id: string;
  parent_turn_id: string;
  depth: number;
  tool_groups: string;
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The chain of sub-agent sessions under `sessionId`, depth first. */
function chainBelow(sessionId: string): LinkRow[] {
  const chain: LinkRow[] = [];
  let parent = sessionId;
  for (;;) {
    const child = query<LinkRow>('SELECT * FROM session_parents WHERE parent_session_id = ?', parent)[0];
    if (!child) return chain;
    chain.push(child);
    parent = child.session_id;
  }
}

describe('spawn_agent through the daemon', () => {
  it('nests three sub-agents deep, each answer returned to its parent; the one at depth 3 cannot spawn another', async () => {
    const events = await send('go deep');
    const done = events.at(-1);
    expect(done?.type, JSON.stringify(events.filter((e) => e.type === 'error'))).toBe('response_complete');
    const sessionId = done?.sessionId ?? '';
    const turnId = done?.turnId ?? '';

    // The answers climb back up: each level saw its child's final answer as the tool result.
    const answer = done?.type === 'response_complete' ? done.content : '';
    expect(answer).toMatch(/^go deep got: Sub-agent's answer .*\nlevel 1 got: Sub-agent's answer .*\nlevel 2 got: Sub-agent's answer .*\nlevel 3 got: Error: \[TOOL_NOT_LOADED\] spawn_agent is in the "agents" group/su);

    const chain = chainBelow(sessionId);
    expect(chain.map((link) => link.depth)).toEqual([1, 2, 3]);
    expect(chain[0]).toMatchObject({ parent_session_id: sessionId, parent_turn_id: turnId });
    expect(chain.map((link) => JSON.parse(link.tool_groups) as string[])).toEqual([['agents'], ['agents'], ['agents']]);
    // Nothing was created past depth 3.
    expect(query('SELECT 1 FROM session_parents WHERE depth > 3')).toEqual([]);

    // The depth-3 agent could not even load the agents group; its spawn_agent was refused, audited.
    const deepest = chain[2]?.session_id ?? '';
    const deepRows = query<{ kind: string; data: string }>('SELECT kind, data FROM audit WHERE session_id = ? ORDER BY seq', deepest).map((row) => ({
      kind: row.kind,
      ...(JSON.parse(row.data) as { tool?: string; code?: string }),
    }));
    expect(deepRows.filter((row) => row.tool === 'load_tools').map((row) => [row.kind, row.code])).toEqual([
      ['PROPOSED', undefined],
      ['REFUSED', 'TOOL_UNKNOWN'],
    ]);
    expect(deepRows.filter((row) => row.tool === 'spawn_agent').map((row) => [row.kind, row.code])).toEqual([['REFUSED', 'TOOL_NOT_LOADED']]);

    // The Shield judged every spawn (escalated to the human, who approved); each is audited with its child.
    const spawnVerdicts = events.filter((e) => e.type === 'shield_verdict');
    expect(spawnVerdicts.map((e) => e.type === 'shield_verdict' && [e.decision, e.tier])).toEqual([
      ['ESCALATE', 1],
      ['ALLOW', 3],
    ]);
    expect(approvedSummaries.filter((summary) => summary.includes('spawn_agent'))).toHaveLength(3);
    // Whoever drives the user's turn is asked about every spawn, the sub-agents' own included.
    const asked = events.filter((e) => e.type === 'approval_required').map((e) => (e.type === 'approval_required' ? e.approval : undefined));
    expect(asked.map((approval) => approval?.sessionId)).toEqual([sessionId, chain[0]?.session_id, chain[1]?.session_id]);
    expect(new Set(events.filter((e) => e.type === 'approval_required').map((e) => e.turnId))).toEqual(new Set([turnId]));
    const started = query<{ session_id: string; data: string }>("SELECT session_id, data FROM audit WHERE kind = 'SUBAGENT_STARTED' ORDER BY seq");
    expect(started.slice(-3).map((row) => (JSON.parse(row.data) as { depth: number }).depth)).toEqual([1, 2, 3]);

    // The parent's clients were told the child started and finished (event kind 26).
    const changes = events.filter((e) => e.type === 'subagent');
    expect(changes).toMatchObject([
      { childSessionId: chain[0]?.session_id, depth: 1, finished: false },
      { childSessionId: chain[0]?.session_id, depth: 1, finished: true, errorCode: '' },
    ]);
  });

  it('gives a sub-agent no tool group its parent may not load', async () => {
    const events = await send('go wide');
    const done = events.at(-1);
    expect(done?.type).toBe('response_complete');
    const answer = done?.type === 'response_complete' ? done.content : '';
    expect(answer).toMatch(/wide child got: Error: \[SUBAGENT_LIMIT\] a sub-agent gets no tool group its parent may not load: shell/u);
    const chain = chainBelow(done?.sessionId ?? '');
    expect(chain.map((link) => link.depth)).toEqual([1]);
  });

  it('hands the child\'s information-flow labels to its parent before the parent sees the answer', async () => {
    const events = await send('go read');
    const done = events.at(-1);
    expect(done?.type).toBe('response_complete');
    const answer = done?.type === 'response_complete' ? done.content : '';
    expect(answer).toContain('[REDACTED');
    expect(answer).not.toContain('ghp_0123456789');
    const child = chainBelow(done?.sessionId ?? '')[0];
    expect(child).toMatchObject({ depth: 1, tool_groups: '["files"]' });

    const labelsOf = (session: string) => query<{ label: string; source: string }>('SELECT label, source FROM session_labels WHERE session_id = ? AND label != ?', session, 'workspace');
    expect(labelsOf(child?.session_id ?? '')).toEqual([{ label: 'secret', source: expect.stringMatching(/^read_file deploy\.txt: a secret was redacted/u) as unknown }]);
    expect(labelsOf(done?.sessionId ?? '')).toEqual([
      { label: 'secret', source: expect.stringMatching(new RegExp(`^from the sub-agent session ${child?.session_id}: read_file deploy\\.txt`, 'u')) as unknown },
    ]);
    const labeled = events.filter((e) => e.type === 'session_labeled');
    const completedAt = events.findIndex((e) => e.type === 'action_completed' && e.toolName === 'spawn_agent');
    expect(labeled).toHaveLength(1);
    expect(events.indexOf(labeled[0] as EngineEvent)).toBeLessThan(completedAt);
  });
});
