import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { jsonLines, startParapet, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

interface EventLine {
  type: string;
  sessionId: string;
  turnId: string;
  seq: number;
  [key: string]: unknown;
}

const outsideDir = mkdtempSync(join(tmpdir(), 'parapet-outside-'));
const outsideFile = join(outsideDir, 'outside.txt');

const plans: Record<string, Plan> = {
  'read notes': {
    calls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }],
    answer: (results) => `The notes say: ${results.join(' | ')}`,
  },
  'delete outside': {
    calls: [{ name: 'delete_file', arguments: { path: outsideFile } }],
    answer: (results) => `Tried to delete: ${results.join(' | ')}`,
  },
  'write through link': {
    calls: [{ name: 'write_file', arguments: { path: 'escape/planted.txt', content: 'pwned' } }],
    answer: (results) => `Write result: ${results.join(' | ')}`,
  },
  'bad arguments': {
    calls: [{ name: 'read_file', arguments: '{"path": "notes.txt"' }],
    answer: (results) => `Tool said: ${results.join(' | ')}`,
  },
};

function planFor(text: string): Plan {
  return plans[text] ?? { answer: () => `You said: ${text}` };
}

let model: ScriptedModel;
let parapet: RunningParapet;

function events(stdout: string): EventLine[] {
  return jsonLines<EventLine>(stdout);
}

function openDb(): Database.Database {
  return new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
}

function toolMessagesSentToModel(): string[] {
  return model.requests.flatMap((r) => (r.body?.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content)));
}

beforeAll(async () => {
  model = await startScriptedModel({ respond: plannedModel(planFor) });
  parapet = await startParapet({ llmUrl: model.url });
  writeFileSync(join(parapet.workspace, 'notes.txt'), 'buy milk\n');
  writeFileSync(outsideFile, 'keep me\n');
  mkdirSync(join(outsideDir, 'target'));
  symlinkSync(join(outsideDir, 'target'), join(parapet.workspace, 'escape'));
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
  rmSync(outsideDir, { recursive: true, force: true });
});

describe('a tool call through the whole product', () => {
  it('executes an allowed call, streams its events in order and stores the turn', async () => {
    const result = await parapet.cli(['send', '--json', 'read notes']);
    expect(result.code, result.stderr).toBe(0);
    const stream = events(result.stdout);
    const types = stream.map((e) => e.type);

    expect(types[0]).toBe('session_created');
    expect(stream[1]).toMatchObject({ type: 'message_stored', role: 'user' });
    expect(types.at(-1)).toBe('response_complete');
    const started = types.indexOf('action_started');
    const verdict = types.indexOf('shield_verdict');
    const completed = types.indexOf('action_completed');
    expect(started).toBeGreaterThan(1);
    expect(verdict).toBeGreaterThan(started);
    expect(completed).toBeGreaterThan(verdict);
    expect(stream[started]).toMatchObject({ toolName: 'read_file', actionType: 'read_file' });
    expect(stream[verdict]).toMatchObject({ decision: 'ALLOW' });
    expect(stream[completed]).toMatchObject({ isError: false });
    expect(String(stream[completed]?.output)).toContain('buy milk');
    const seqs = stream.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(String(stream.at(-1)?.content)).toContain('The notes say: buy milk');

    const sessionId = stream[0]?.sessionId as string;
    const history = await parapet.cli(['history', sessionId, '--json']);
    expect(history.code, history.stderr).toBe(0);
    const stored = JSON.parse(history.stdout) as { messages: { role: string; content: string }[] };
    expect(stored.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'read notes'],
      ['assistant', expect.stringContaining('buy milk')],
    ]);

    const db = openDb();
    try {
      const actionId = stream[started]?.actionId as string;
      const action = db.prepare('SELECT tool_name AS toolName, decision FROM actions WHERE id = ?').get(actionId);
      expect(action).toMatchObject({ toolName: 'read_file', decision: 'ALLOW' });
      const kinds = db.prepare('SELECT kind FROM audit WHERE action_id = ? ORDER BY seq').all(actionId).map((r) => (r as { kind: string }).kind);
      expect(kinds).toEqual(['PROPOSED', 'EVALUATED', 'EXECUTED']);
    } finally {
      db.close();
    }
  });

  it('refuses a path outside the workspace and leaves the file untouched', async () => {
    const result = await parapet.cli(['send', '--json', 'delete outside']);
    expect(result.code, result.stderr).toBe(0);
    const completed = events(result.stdout).find((e) => e.type === 'action_completed');
    expect(completed).toMatchObject({ isError: true, errorCode: 'PATH_OUTSIDE_WORKSPACE' });
    expect(readFileSync(outsideFile, 'utf8')).toBe('keep me\n');
    expect(toolMessagesSentToModel().some((m) => m.includes('PATH_OUTSIDE_WORKSPACE'))).toBe(true);
  });

  it('refuses a write through a symlink that leads out of the workspace', async () => {
    const result = await parapet.cli(['send', '--json', 'write through link']);
    expect(result.code, result.stderr).toBe(0);
    const completed = events(result.stdout).find((e) => e.type === 'action_completed');
    expect(completed).toMatchObject({ isError: true, errorCode: 'PATH_OUTSIDE_WORKSPACE' });
    expect(existsSync(join(outsideDir, 'target', 'planted.txt'))).toBe(false);
  });

  it('answers malformed tool arguments with a clear error for the model, and audits them', async () => {
    const result = await parapet.cli(['send', '--json', 'bad arguments']);
    expect(result.code, result.stderr).toBe(0);
    const stream = events(result.stdout);
    const completed = stream.find((e) => e.type === 'action_completed');
    expect(completed).toMatchObject({ isError: true, errorCode: 'TOOL_ARGUMENTS_INVALID', toolName: 'read_file' });
    const told = toolMessagesSentToModel().find((m) => m.includes('TOOL_ARGUMENTS_INVALID'));
    expect(told).toMatch(/JSON/i);
    expect(String(stream.at(-1)?.content)).toContain('TOOL_ARGUMENTS_INVALID');

    const db = openDb();
    try {
      const rows = db
        .prepare("SELECT kind, data FROM audit WHERE kind IN ('REFUSED', 'FAILED') ORDER BY seq")
        .all() as { kind: string; data: string }[];
      expect(rows.some((r) => r.data.includes('TOOL_ARGUMENTS_INVALID'))).toBe(true);
    } finally {
      db.close();
    }
  });

  it('keeps the audit chain verifiable, and `audit verify` catches a row altered behind its back', async () => {
    const ok = await parapet.cli(['audit', 'verify']);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);

    await parapet.stop();
    const db = new Database(join(parapet.home, 'parapet.db'));
    try {
      const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit'").all() as { name: string }[];
      for (const { name } of triggers) db.exec(`DROP TRIGGER "${name}"`);
      const victim = db.prepare("SELECT seq FROM audit WHERE kind = 'EXECUTED' ORDER BY seq LIMIT 1").get() as { seq: number };
      db.prepare("UPDATE audit SET data = '{\"forged\":true}' WHERE seq = ?").run(victim.seq);

      const bad = await parapet.cli(['audit', 'verify']);
      expect(bad.code).toBe(1);
      expect(bad.stdout + bad.stderr).toContain(String(victim.seq));
    } finally {
      db.close();
    }
  });
});
