import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ChatRequest, type ScriptedModel, type ScriptedReply, type ScriptedToolCall } from '@parapet/shield/testing';
import { startParapet, type RunningParapet } from '../harness/parapet.js';

interface SpanJson {
  spanId: number;
  parentId: number;
  name: string;
  startedAtMs: number;
  durationMs: number;
  attributes: Record<string, string | number | boolean>;
}

interface TraceJson {
  turnId: string;
  spans: SpanJson[];
}

/** Every round after `load_tools`: several calls in one reply, then an answer quoting the results. */
const batches: Record<string, readonly (readonly ScriptedToolCall[])[]> = {
  'read two, write two, write then read': [
    [
      { name: 'read_file', arguments: { path: 'a.txt' } },
      { name: 'read_file', arguments: { path: 'b.txt' } },
    ],
    [
      { name: 'write_file', arguments: { path: 'c.txt', content: 'third' } },
      { name: 'write_file', arguments: { path: 'd.txt', content: 'fourth' } },
    ],
    [
      { name: 'write_file', arguments: { path: 'e.txt', content: 'written first' } },
      { name: 'read_file', arguments: { path: 'e.txt' } },
    ],
  ],
};

function lastUserText(request: ChatRequest): string {
  const user = request.messages.filter((message) => message.role === 'user').at(-1);
  return typeof user?.content === 'string' ? user.content : '';
}

/** A model that proposes each batch in one reply (one assistant message, several tool_calls). */
function batchingModel(request: ChatRequest): ScriptedReply {
  const rounds = batches[lastUserText(request)] ?? [];
  const lastUser = request.messages.findLastIndex((message) => message.role === 'user');
  const thisTurn = request.messages.slice(lastUser + 1);
  if (!(request.tools ?? []).some((tool) => tool.function.name === 'read_file')) {
    return { toolCalls: [{ name: 'load_tools', arguments: { groups: ['files'] } }] };
  }
  const repliesWithCalls = thisTurn.filter((message) => message.role === 'assistant' && (message.tool_calls ?? []).some((call) => call.function.name !== 'load_tools'));
  const next = rounds[repliesWithCalls.length];
  if (next) return { toolCalls: [...next] };
  const results = thisTurn.filter((message) => message.role === 'tool').map((message) => String(message.content));
  return { text: `Results: ${results.map((result) => result.slice(0, 40)).join(' | ')}` };
}

let model: ScriptedModel;
let parapet: RunningParapet;

beforeAll(async () => {
  model = await startScriptedModel({ respond: batchingModel });
  parapet = await startParapet({ llmUrl: model.url });
  // Large enough that reading one takes a while in the confined executor.
  writeFileSync(join(parapet.workspace, 'a.txt'), `alpha\n${'a'.repeat(200_000)}\n`);
  writeFileSync(join(parapet.workspace, 'b.txt'), `beta\n${'b'.repeat(200_000)}\n`);
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});

async function traceJson(args: readonly string[] = []): Promise<TraceJson> {
  const result = await parapet.cli(['trace', ...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as TraceJson;
}

const overlap = (a: SpanJson, b: SpanJson): boolean => a.startedAtMs < b.startedAtMs + b.durationMs && b.startedAtMs < a.startedAtMs + a.durationMs;

describe('a trace of every turn, and read-only calls of one reply run together', () => {
  it('runs two reads of one reply at the same time, two writes one after the other, and a read after a write once the write is done', async () => {
    const sent = await parapet.cli(['send', 'read two, write two, write then read']);
    expect(sent.code, sent.stderr).toBe(0);
    // The read that followed the write in the same reply saw what the write wrote.
    expect(sent.stdout).toContain('written first');
    expect(readFileSync(join(parapet.workspace, 'c.txt'), 'utf8')).toBe('third');
    expect(readFileSync(join(parapet.workspace, 'd.txt'), 'utf8')).toBe('fourth');

    const trace = await traceJson();
    const root = trace.spans.find((span) => span.parentId === 0);
    expect(root?.name).toBe('turn');
    const calls = trace.spans.filter((span) => span.parentId === root?.spanId && span.name.startsWith('tool '));
    expect(calls.map((span) => span.name)).toEqual(['tool read_file', 'tool read_file', 'tool write_file', 'tool write_file', 'tool write_file', 'tool read_file']);
    const [readA, readB, writeC, writeD, writeE, readE] = calls as [SpanJson, SpanJson, SpanJson, SpanJson, SpanJson, SpanJson];
    expect(overlap(readA, readB)).toBe(true);
    expect(overlap(writeC, writeD)).toBe(false);
    expect(writeD.startedAtMs).toBeGreaterThanOrEqual(writeC.startedAtMs + writeC.durationMs);
    expect(readE.startedAtMs).toBeGreaterThanOrEqual(writeE.startedAtMs + writeE.durationMs);
  });

  it('parapet trace draws every stage of the last turn: history, prompt, model rounds, each pipeline stage, the Shield tiers', async () => {
    const sent = await parapet.cli(['send', '--json', 'read two, write two, write then read']);
    expect(sent.code, sent.stderr).toBe(0);
    const turnId = (JSON.parse(sent.stdout.trim().split('\n').at(-1) ?? '{}') as { turnId: string }).turnId;

    const trace = await traceJson([turnId]);
    expect(trace.turnId).toBe(turnId);
    const names = new Set(trace.spans.map((span) => span.name));
    for (const stage of ['turn', 'history', 'context', 'prompt', 'model round 1', 'model round 5', 'tool read_file', 'tool write_file', 'tier 0', 'tier 1']) {
      expect(names, stage).toContain(stage);
    }
    const byId = new Map(trace.spans.map((span) => [span.spanId, span]));
    const firstCall = trace.spans.find((span) => span.name === 'tool write_file');
    const stages = trace.spans.filter((span) => span.parentId === firstCall?.spanId).map((span) => span.name);
    expect(stages).toEqual(['turn', 'parse', 'action', 'enrich', 'scripts', 'protect', 'audit', 'shield', 'approve', 'verify', 'record', 'snapshot', 'ifc', 'turn', 'execute', 'redact', 'label', 'complete']);
    const tier = trace.spans.find((span) => span.name === 'tier 0');
    expect(byId.get(tier?.parentId ?? 0)?.name).toBe('shield');
    const round = trace.spans.find((span) => span.name === 'model round 5');
    expect(round?.attributes).toMatchObject({ finish: 'stop', tool_calls: 0 });
    expect(round?.attributes.ttft_ms).toBeTypeOf('number');
    expect(round?.attributes.completion_tokens).toBeGreaterThan(0);
    for (const span of trace.spans) expect(span.durationMs, span.name).toBeGreaterThanOrEqual(0);

    const drawn = await parapet.cli(['trace']);
    expect(drawn.code, drawn.stderr).toBe(0);
    const lines = drawn.stdout.split('\n');
    expect(lines[0]).toBe(`trace of turn ${turnId}`);
    expect(lines[1]).toMatch(/^turn +\d+\.\d+ ms/);
    for (const line of ['├─ history', '├─ prompt', '├─ model round 1', '├─ tool write_file', '│  ├─ shield', '│  │  ├─ tier 0', '│  │  └─ tier 1', '│  ├─ execute', '└─ model round 5']) {
      expect(lines.some((drawnLine) => drawnLine.startsWith(line)), line).toBe(true);
    }
  });

  it('says which turn has no trace', async () => {
    const missing = await parapet.cli(['trace', 'NO-SUCH-TURN']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no trace for turn NO-SUCH-TURN');
  });
});
