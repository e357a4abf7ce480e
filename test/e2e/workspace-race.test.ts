import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ChatRequest, type ScriptedModel, type ScriptedReply, type ScriptedToolCall } from '@parapet/shield/testing';
import { jsonLines, repoRoot, startParapet, type RunningParapet } from '../harness/parapet.js';

const BATCHES = 16;
const CALLS_PER_BATCH = 20;
const MARKER = 'OUTSIDE-MARKER-7f3a';

interface PlannedCall extends ScriptedToolCall {
  readonly id: string;
  readonly op: string;
}

/** One of ten operations on the raced folder and file, cycling; k makes names and contents unique. */
function plannedCall(k: number): PlannedCall {
  const id = `race-${k}`;
  const call = (op: string, name: string, args: Record<string, unknown>): PlannedCall => ({ id, op, name, arguments: args });
  switch (k % 10) {
    case 0:
    case 3:
      return call('write dir file', 'write_file', { path: 'racedir/f.txt', content: `inside-${k}` });
    case 1:
    case 9:
      return call('read dir file', 'read_file', { path: 'racedir/f.txt' });
    case 2:
      return call('move dir file out', 'move_file', { source: 'racedir/f.txt', destination: `moved/m-${k}.txt` });
    case 4:
      return call('delete dir file', 'delete_file', { path: 'racedir/f.txt' });
    case 5:
      // racedir/g.txt only ever exists in the outside folder: deleting it can only succeed by escaping.
      return call('delete outside-only file', 'delete_file', { path: 'racedir/g.txt' });
    case 6:
      return call('move file into dir', 'move_file', { source: `spare/s-${k}.txt`, destination: `racedir/in-${k}.txt` });
    case 7:
      return call('read swapped file', 'read_file', { path: 'swapfile.txt' });
    default:
      return call('write swapped file', 'write_file', { path: 'swapfile.txt', content: `inside swapfile write ${k}` });
  }
}

const planned = Array.from({ length: BATCHES * CALLS_PER_BATCH }, (_, k) => plannedCall(k));
const byCallId = new Map(planned.map((call) => [call.id, call]));

/** The model: loads the files group, then sends the planned calls in batches, then answers. */
function respond(request: ChatRequest): ScriptedReply {
  const offered = new Set((request.tools ?? []).map((t) => t.function.name));
  if (!offered.has('read_file')) return { toolCalls: [{ name: 'load_tools', arguments: { groups: ['files'] } }] };
  const made = request.messages.flatMap((m) => m.tool_calls ?? []).filter((c) => byCallId.has(c.id)).length;
  const batch = planned.slice(made, made + CALLS_PER_BATCH);
  return batch.length > 0 ? { toolCalls: batch } : { text: 'Race done.' };
}

interface EventLine {
  type: string;
  actionId?: string;
  callId?: string;
  isError?: boolean;
  output?: string;
  errorCode?: string;
}

let model: ScriptedModel;
let parapet: RunningParapet;
let swapper: ChildProcess | undefined;
const outsideDir = mkdtempSync(join(tmpdir(), 'parapet-race-outside-'));
const outsideFiles: Record<string, string> = {
  'f.txt': `${MARKER} f: the user's own file\n`,
  'g.txt': `${MARKER} g: must never be deleted\n`,
  'secret.txt': `${MARKER} secret\n`,
};

function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'latin1')]));
}

beforeAll(async () => {
  model = await startScriptedModel({ respond });
  // Approvals off: a call the Shield escalates (a target swapped for a link to a sensitive place)
  // is refused at once instead of waiting for a human; what is measured is what runs.
  parapet = await startParapet({ llmUrl: model.url, config: 'shield:\n  approvals:\n    enabled: false\n' });
  for (const [name, content] of Object.entries(outsideFiles)) writeFileSync(join(outsideDir, name), content);
  const ws = parapet.workspace;
  mkdirSync(join(ws, 'racedir'));
  mkdirSync(join(ws, 'moved'));
  mkdirSync(join(ws, 'spare'));
  writeFileSync(join(ws, 'racedir', 'f.txt'), 'inside-initial');
  writeFileSync(join(ws, 'swapfile.txt'), 'inside swapfile initial\n');
  for (const call of planned) if (call.op === 'move file into dir') writeFileSync(join(ws, 'spare', `s-${call.id.slice(5)}.txt`), `inside spare ${call.id}\n`);
});

afterAll(async () => {
  swapper?.kill('SIGKILL');
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
  rmSync(outsideDir, { recursive: true, force: true });
});

function startSwapper(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'test/harness/path-swapper.mjs'), parapet.workspace, outsideDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve(child));
  });
}

describe('a folder and a file swapped for symlinks while actions run on them', () => {
  it(`has no effect outside the workspace over ${BATCHES * CALLS_PER_BATCH} mixed calls, and audits only what happened inside`, async () => {
    const status = await parapet.status();
    expect(status.sandbox.missing).toEqual([]);
    expect(status.sandbox).toMatchObject({ executorConfined: true });

    swapper = await startSwapper();
    const result = await parapet.cli(['send', '--json', 'race the workspace'], { timeoutMs: 240_000 });
    swapper.kill('SIGKILL');
    expect(result.code, result.stderr).toBe(0);

    // The outside folder: the same files, byte for byte, and nothing new (no temp files, no moved-in files).
    expect(snapshot(outsideDir)).toEqual(outsideFiles);

    const stream = jsonLines<EventLine>(result.stdout);
    const completed = stream.filter((e) => e.type === 'action_completed' && byCallId.has(e.callId ?? ''));
    expect(completed).toHaveLength(planned.length);

    // Nothing read from outside reached the model or the user.
    for (const event of completed) expect(event.output ?? '').not.toContain(MARKER);
    const toolMessages = model.requests.flatMap((r) => (r.body?.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content)));
    expect(toolMessages.some((m) => m.includes(MARKER))).toBe(false);

    // Nothing from outside was moved in.
    for (const name of readdirSync(join(parapet.workspace, 'moved'))) {
      expect(readFileSync(join(parapet.workspace, 'moved', name), 'utf8')).toMatch(/^inside-/);
    }

    const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
    const outcomes = new Map<string, string>();
    try {
      const lastKind = db.prepare("SELECT kind FROM audit WHERE action_id = ? AND kind IN ('EXECUTED', 'FAILED', 'REFUSED') ORDER BY seq DESC LIMIT 1");
      for (const event of completed) {
        const row = lastKind.get(event.actionId) as { kind: string } | undefined;
        // The audit says EXECUTED exactly when the executor reported the action done.
        expect(row?.kind === 'EXECUTED', JSON.stringify({ event, row })).toBe(event.isError === false);
        outcomes.set(event.callId ?? '', row?.kind ?? 'missing');
      }
    } finally {
      db.close();
    }

    // What each EXECUTED action reported is what happens inside the workspace.
    for (const event of completed) {
      if (event.isError) continue;
      const call = byCallId.get(event.callId ?? '');
      if (call?.op === 'read dir file') expect(event.output).toMatch(/^inside-(initial|\d+)$/);
      if (call?.op === 'read swapped file') expect(event.output).toMatch(/^inside swapfile /);
      if (call?.op === 'delete outside-only file') expect.fail(`audit says a delete of racedir/g.txt was EXECUTED: ${event.output}`);
      if (call?.op === 'move dir file out') {
        const destination = join(parapet.workspace, 'moved', `m-${call.id.slice(5)}.txt`);
        expect(existsSync(destination), `${call.id}: ${event.output}`).toBe(true);
      }
    }

    // The race was real: the engine saw the symlink sometimes (refused), and actions still ran.
    const kinds = [...outcomes.values()];
    expect(kinds.filter((k) => k === 'REFUSED').length).toBeGreaterThan(0);
    expect(kinds.filter((k) => k === 'EXECUTED').length).toBeGreaterThan(0);
  });
});
