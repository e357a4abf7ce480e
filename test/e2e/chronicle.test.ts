import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { jsonLines, startParapet, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

interface SnapshotJson {
  id: string;
  sessionId: string;
  toolName: string;
  roots: string[];
  changes?: { added: string[]; modified: string[]; deleted: string[] };
}

const plans: Record<string, Plan> = {
  'write a': { calls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'overwritten' } }] },
  'delete b': { calls: [{ name: 'delete_file', arguments: { path: 'b.bin' } }] },
  'move c': { calls: [{ name: 'move_file', arguments: { source: 'c.sh', destination: 'moved/c.sh' } }] },
  'write d': { calls: [{ name: 'write_file', arguments: { path: 'sub/d.txt', content: 'changed' } }] },
  'read env': { calls: [{ name: 'read_file', arguments: { path: 'billing-notes.txt' } }] },
  'read plain': { calls: [{ name: 'read_file', arguments: { path: 'plain.txt' } }] },
};

const outside = mkdtempSync(join(tmpdir(), 'parapet-outside-'));
let model: ScriptedModel;
let parapet: RunningParapet;

const modeOf = (file: string): number => statSync(file).mode & 0o7777;

/** Sends `text` in a fresh session, then returns the one snapshot that session's action left. */
async function actThenSnapshot(text: string): Promise<SnapshotJson> {
  const sent = await parapet.cli(['send', '--json', text]);
  expect(sent.code).toBe(0);
  const sessionId = jsonLines<{ sessionId: string }>(sent.stdout)[0]!.sessionId;
  const listed = await parapet.cli(['chronicle', 'list', '--session', sessionId, '--json']);
  expect(listed.code).toBe(0);
  const snapshots = JSON.parse(listed.stdout) as SnapshotJson[];
  expect(snapshots).toHaveLength(1);
  return snapshots[0]!;
}

async function rollback(id: string): Promise<{ restored: string[]; removed: string[]; failed: unknown[]; undoSnapshotId: string }> {
  const result = await parapet.cli(['chronicle', 'rollback', id, '--json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as { restored: string[]; removed: string[]; failed: unknown[]; undoSnapshotId: string };
}

beforeAll(async () => {
  model = await startScriptedModel({ respond: plannedModel((text) => plans[text] ?? { answer: () => `You said: ${text}` }) });
  parapet = await startParapet({ llmUrl: model.url });
}, 60_000);

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
  rmSync(outside, { recursive: true, force: true });
});

describe('the chronicle through the daemon', () => {
  it('rolls a write back to the exact bytes and mode', async () => {
    const file = join(parapet.workspace, 'a.txt');
    const original = Buffer.from([0xde, 0xad, 0x00, 0xbe, 0xef, 0x0a]);
    writeFileSync(file, original);
    chmodSync(file, 0o640);
    const snapshot = await actThenSnapshot('write a');
    expect(snapshot).toMatchObject({ toolName: 'write_file', roots: ['a.txt'], changes: { modified: ['a.txt'] } });
    expect(readFileSync(file, 'utf8')).toBe('overwritten');

    expect(await rollback(snapshot.id)).toMatchObject({ restored: ['a.txt'], failed: [] });
    expect(readFileSync(file).equals(original)).toBe(true);
    expect(modeOf(file)).toBe(0o640);
  });

  it('rolls a delete back to the exact bytes and mode', async () => {
    const file = join(parapet.workspace, 'b.bin');
    const original = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256));
    writeFileSync(file, original);
    chmodSync(file, 0o600);
    const snapshot = await actThenSnapshot('delete b');
    expect(snapshot.changes).toEqual({ added: [], modified: [], deleted: ['b.bin'] });
    expect(existsSync(file)).toBe(false);

    await rollback(snapshot.id);
    expect(readFileSync(file).equals(original)).toBe(true);
    expect(modeOf(file)).toBe(0o600);
  });

  it('rolls a move back: the source returns with its mode, the destination is gone', async () => {
    const file = join(parapet.workspace, 'c.sh');
    writeFileSync(file, '#!/bin/sh\necho hi\n');
    chmodSync(file, 0o755);
    const snapshot = await actThenSnapshot('move c');
    expect(snapshot.changes).toEqual({ added: ['moved/c.sh'], modified: [], deleted: ['c.sh'] });

    expect(await rollback(snapshot.id)).toMatchObject({ removed: ['moved/c.sh'], restored: ['c.sh'], failed: [] });
    expect(readFileSync(file, 'utf8')).toBe('#!/bin/sh\necho hi\n');
    expect(modeOf(file)).toBe(0o755);
    expect(existsSync(join(parapet.workspace, 'moved', 'c.sh'))).toBe(false);
  });

  it('restores inside the workspace only when a folder became a symlink out of it after the snapshot', async () => {
    mkdirSync(join(parapet.workspace, 'sub'));
    writeFileSync(join(parapet.workspace, 'sub', 'd.txt'), 'original');
    writeFileSync(join(outside, 'd.txt'), 'outside stays');
    const snapshot = await actThenSnapshot('write d');
    rmSync(join(parapet.workspace, 'sub'), { recursive: true });
    symlinkSync(outside, join(parapet.workspace, 'sub'));

    await rollback(snapshot.id);
    expect(readFileSync(join(outside, 'd.txt'), 'utf8')).toBe('outside stays');
    expect(statSync(join(parapet.workspace, 'sub'), { throwIfNoEntry: false })?.isDirectory()).toBe(true);
    expect(readFileSync(join(parapet.workspace, 'sub', 'd.txt'), 'utf8')).toBe('original');
  });

  it('audits each rollback and keeps a snapshot of what it replaced', async () => {
    const listed = JSON.parse((await parapet.cli(['chronicle', 'list', '--json'])).stdout) as SnapshotJson[];
    expect(listed.filter((snapshot) => snapshot.toolName === 'chronicle_rollback')).toHaveLength(4);
    const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM audit WHERE kind = 'ROLLED_BACK'").get()).toEqual({ n: 4 });
    } finally {
      db.close();
    }
    const verify = await parapet.cli(['audit', 'verify']);
    expect(verify.code).toBe(0);
  });

  it('says clearly when a snapshot id does not exist', async () => {
    const result = await parapet.cli(['chronicle', 'rollback', '01NOSUCHSNAPSHOT']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no chronicle snapshot with id 01NOSUCHSNAPSHOT');
  });
});

describe('information-flow labels through the daemon', () => {
  it('labels a session secret when it read a secret, says so in the events, and keeps a plain session unlabeled', async () => {
    writeFileSync(join(parapet.workspace, 'billing-notes.txt'), 'the deploy key is ghp_abcdCfghijklmnopqrstuvwxyz0123456789\n');
    writeFileSync(join(parapet.workspace, 'plain.txt'), 'nothing to hide\n');
    const secretTurn = await parapet.cli(['send', '--json', 'read env']);
    const events = jsonLines<{ type: string; sessionId: string; label?: string; source?: string }>(secretTurn.stdout);
    expect(events.filter((event) => event.type === 'session_labeled')).toEqual([
      expect.objectContaining({ label: 'secret', source: 'read_file billing-notes.txt: a secret was redacted from it' }),
    ]);
    const secretSession = events[0]!.sessionId;
    const labels = await parapet.cli(['chronicle', 'labels', secretSession]);
    expect(labels.stdout).toMatch(/^secret +read_file billing-notes\.txt: a secret was redacted from it/mu);

    const plainTurn = await parapet.cli(['send', '--json', 'read plain']);
    const plainSession = jsonLines<{ sessionId: string }>(plainTurn.stdout)[0]!.sessionId;
    const plain = JSON.parse((await parapet.cli(['chronicle', 'labels', plainSession, '--json'])).stdout) as { label: string }[];
    expect(plain.map((label) => label.label)).toEqual(['workspace']);
  });

  it('shows in status which sessions hold a restricting label, and in status --session and history where it came from', async () => {
    const sessions = JSON.parse((await parapet.cli(['sessions', '--json'])).stdout) as { id: string }[];
    const status = JSON.parse((await parapet.cli(['status', '--json'])).stdout) as { labeledSessions: { sessionId: string; labels: string[] }[] };
    expect(status.labeledSessions).toHaveLength(1);
    const secretSession = status.labeledSessions[0]!.sessionId;
    expect(sessions.map((session) => session.id)).toContain(secretSession);
    expect(status.labeledSessions[0]!.labels).toEqual(['secret']);

    const human = await parapet.cli(['status']);
    expect(human.stdout).toMatch(new RegExp(`${secretSession} +secret +\\(last `, 'u'));

    const one = JSON.parse((await parapet.cli(['status', '--session', secretSession, '--json'])).stdout) as { session: { id: string; labels: { label: string; source: string }[] } };
    expect(one.session.id).toBe(secretSession);
    expect(one.session.labels).toEqual([expect.objectContaining({ label: 'secret', source: 'read_file billing-notes.txt: a secret was redacted from it' })]);
    const oneHuman = await parapet.cli(['status', '--session', secretSession]);
    expect(oneHuman.stdout).toMatch(/labels:\nsecret +read_file billing-notes\.txt: a secret was redacted from it/u);

    const history = await parapet.cli(['history', secretSession]);
    expect(history.stdout).toMatch(/secret +read_file billing-notes\.txt: a secret was redacted from it/u);
  });
});

describe('a newcomer undoes a delete', () => {
  it('deletes a file through the demo agent, finds it in chronicle list, rolls it back', async () => {
    const demo = await startParapet();
    try {
      const file = join(demo.workspace, 'notes.txt');
      writeFileSync(file, 'my precious notes\n');
      const sent = await demo.cli(['send', 'delete notes.txt']);
      expect(sent.code).toBe(0);
      expect(existsSync(file)).toBe(false);

      const list = await demo.cli(['chronicle', 'list']);
      expect(list.code).toBe(0);
      const row = list.stdout.split('\n').find((line) => line.includes('delete_file') && line.includes('notes.txt'));
      expect(row).toBeDefined();
      const id = row!.split(/\s+/u)[0]!;

      const show = await demo.cli(['chronicle', 'show', id]);
      expect(show.stdout).toContain('notes.txt  18 bytes');
      const undo = await demo.cli(['chronicle', 'rollback', id]);
      expect(undo.code).toBe(0);
      expect(undo.stdout).toContain('restored notes.txt');
      expect(readFileSync(file, 'utf8')).toBe('my precious notes\n');
    } finally {
      await demo.stop();
      demo.cleanup();
    }
  }, 60_000);
});
