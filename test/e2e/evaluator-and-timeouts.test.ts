import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canaryOf, inOrder, startScriptedModel, type ChatRequest, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';
import { jsonLines, startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';

/**
 * Shield tier 2 in the running daemon, against a scripted OpenAI-compatible evaluator the engine
 * calls itself, and tier 3's timeout. An env file given a variable that decides what code
 * Node loads (NODE_OPTIONS) escalates at tier 1, so tier 2 judges it.
 */

interface EventLine {
  type: string;
  [key: string]: unknown;
}

const DAILY_BUDGET = 4;
const allow = (request: ChatRequest): ScriptedReply => ({
  text: JSON.stringify({ canary: canaryOf(request), decision: 'ALLOW', confidence: 0.9, reason: 'a memory limit loads no code' }),
});

let evaluator: ScriptedModel;
let parapet: RunningParapet;
let watcher: ChildProcess;
let watched = '';

beforeAll(async () => {
  evaluator = await startScriptedModel({
    respond: inOrder([
      allow,
      { text: JSON.stringify({ decision: 'ALLOW', confidence: 1, reason: 'no canary here' }) },
      { text: 'Sure! ALLOW it {' },
      { hang: true },
    ]),
  });
  parapet = await startParapet({
    config: [
      'shield:',
      '  approvals:',
      '    timeout_ms: 5000',
      '  evaluator:',
      `    base_url: ${evaluator.url}`,
      '    model: judge-model',
      '    timeout_ms: 1500',
      `    daily_budget: ${DAILY_BUDGET}`,
      '',
    ].join('\n'),
  });
  watcher = parapet.spawnCli(['approvals', '--watch']);
  let stderr = '';
  watcher.stdout?.on('data', (chunk: Buffer) => (watched += chunk.toString()));
  watcher.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitFor('the approvals watch to be live', async () => (stderr.includes('watching approvals') ? true : undefined));
});

afterAll(async () => {
  watcher?.kill('SIGINT');
  await parapet?.stop();
  parapet?.cleanup();
  await evaluator?.close();
});

async function send(text: string) {
  const result = await parapet.cli(['send', '--json', text]);
  expect(result.code, result.stderr).toBe(0);
  const events = jsonLines<EventLine>(result.stdout);
  return {
    verdicts: events.filter((e) => e.type === 'shield_verdict'),
    completed: events.find((e) => e.type === 'action_completed'),
  };
}

const envFile = (): string => join(parapet.workspace, 'app.env');

describe('tier 2 through the running daemon', () => {
  it('ALLOW from the evaluator runs the action; the call left the engine, not the agent', async () => {
    const { verdicts, completed } = await send('write app.env: NODE_OPTIONS=--max-old-space-size=4096');
    expect(verdicts.map((v) => [v.decision, v.tier])).toEqual([['ALLOW', 2]]);
    expect(completed).toMatchObject({ isError: false });
    expect(readFileSync(envFile(), 'utf8')).toBe('NODE_OPTIONS=--max-old-space-size=4096');
    expect(evaluator.requests).toHaveLength(1);
    expect(evaluator.requests[0]?.body?.model).toBe('judge-model');
    rmSync(envFile());
  });

  it.each([
    ['a missing canary', 'NODE_OPTIONS=--enable-source-maps'],
    ['malformed JSON', 'NODE_OPTIONS=--trace-deprecation'],
    ['a timeout', 'NODE_OPTIONS=--no-warnings'],
  ])('%s blocks at tier 2 and nothing is written', async (_case, content) => {
    const { verdicts, completed } = await send(`write app.env: ${content}`);
    expect(verdicts.map((v) => [v.decision, v.tier])).toEqual([['BLOCK', 2]]);
    expect(completed).toMatchObject({ isError: true, errorCode: 'SHIELD_BLOCKED' });
    expect(existsSync(envFile())).toBe(false);
  });

  it('a spent budget escalates to a human (the configured fallback); unanswered, it times out as deny', async () => {
    const status = await parapet.status();
    expect(status.shield.tiers.find((t) => t.tier === 2)?.detail).toContain(`0 of ${DAILY_BUDGET} calls left today`);
    const { verdicts, completed } = await send('write app.env: NODE_OPTIONS=--trace-warnings');
    expect(verdicts.map((v) => v.decision)).toEqual(['ESCALATE', 'BLOCK']);
    expect(verdicts[0]?.ruleIds).toContain('tier2.budget_exhausted');
    expect(verdicts[1]).toMatchObject({ tier: 3 });
    expect(verdicts[1]?.ruleIds).toContain('human.timeout');
    expect(completed).toMatchObject({ isError: true, errorCode: 'APPROVAL_TIMEOUT' });
    expect(existsSync(envFile())).toBe(false);
    expect(evaluator.requests).toHaveLength(DAILY_BUDGET);
    // The second terminal saw the question and how it ended.
    await waitFor('the watcher to see the timeout', async () => (watched.includes(': expired') ? true : undefined));
    expect(watched).toMatch(/approval needed \(\w+\): write_file app\.env \(29 bytes\)/u);
  });

  it('a second terminal watching approvals sees the request, and its answer lets the action run', async () => {
    const turn = parapet.cli(['send', '--json', 'write app.env: NODE_OPTIONS=--max-old-space-size=8192']);
    const id = await waitFor('the watcher to show the request', async () => {
      const matches = [...watched.matchAll(/approval needed \((\w+)\): write_file app\.env/gu)];
      return matches.length === 2 ? matches[1]?.[1] : undefined;
    });
    expect((await parapet.cli(['approve', id])).code).toBe(0);
    const result = await turn;
    expect(jsonLines<EventLine>(result.stdout).find((e) => e.type === 'action_completed')).toMatchObject({ isError: false });
    expect(readFileSync(envFile(), 'utf8')).toBe('NODE_OPTIONS=--max-old-space-size=8192');
    await waitFor('the watcher to see the answer', async () => (watched.includes(`approval ${id}: approved`) ? true : undefined));
  });
});
