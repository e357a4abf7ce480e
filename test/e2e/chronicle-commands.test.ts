import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { withCommandsLetThrough } from '../harness/policies.js';
import { jsonLines, startParapet, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

/* Undoing what a shell or git command did, through the daemon: the snapshot before it, then rollback. */

interface EventLine {
  type: string;
  sessionId: string;
  [key: string]: unknown;
}

interface SnapshotJson {
  id: string;
  toolName: string;
  changes?: { added: string[]; modified: string[]; deleted: string[] };
}

const plans: Record<string, Plan> = {
  'wipe sub': { groups: ['shell'], calls: [{ name: 'execute_command', arguments: { command: 'rm -rf sub/' } }] },
  'checkout old': { groups: ['git'], calls: [{ name: 'git_checkout', arguments: { path: '.', ref: 'old' } }] },
};

let model: ScriptedModel;
let parapet: RunningParapet;

const modeOf = (file: string): number => statSync(file).mode & 0o7777;

async function actThenSnapshot(text: string, tool: string): Promise<SnapshotJson> {
  const sent = await parapet.cli(['send', '--json', text]);
  expect(sent.code, sent.stderr).toBe(0);
  const events = jsonLines<EventLine>(sent.stdout);
  expect(events.find((event) => event.type === 'action_completed' && event.toolName === tool)).toMatchObject({ isError: false });
  const listed = await parapet.cli(['chronicle', 'list', '--session', events[0]!.sessionId, '--json']);
  expect(listed.code, listed.stderr).toBe(0);
  const snapshots = JSON.parse(listed.stdout) as SnapshotJson[];
  expect(snapshots).toHaveLength(1);
  return snapshots[0]!;
}

async function rollback(id: string): Promise<{ restored: string[]; removed: string[]; failed: unknown[] }> {
  const result = await parapet.cli(['chronicle', 'rollback', id, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { restored: string[]; removed: string[]; failed: unknown[] };
}

beforeAll(async () => {
  model = await startScriptedModel({ respond: plannedModel((text) => plans[text] ?? { answer: () => `You said: ${text}` }) });
  parapet = await startParapet({
    llmUrl: model.url,
    ...withCommandsLetThrough(['execute_command', 'git_checkout'], false),
  });
}, 60_000);

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  await model?.close();
});

describe('rolling back commands through the daemon', () => {
  it('brings back a tree a shell `rm -rf sub/` removed, to the exact bytes and modes', async () => {
    const files: Record<string, { bytes: Buffer; mode: number }> = {
      'sub/notes.txt': { bytes: Buffer.from('first line\nsecond line\n'), mode: 0o640 },
      'sub/run.sh': { bytes: Buffer.from('#!/bin/sh\necho hi\n'), mode: 0o755 },
      'sub/deep/data.bin': { bytes: Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 131 + 7) % 256)), mode: 0o600 },
      'sub/deep/empty.txt': { bytes: Buffer.alloc(0), mode: 0o444 },
    };
    mkdirSync(join(parapet.workspace, 'sub', 'deep'), { recursive: true });
    for (const [name, file] of Object.entries(files)) {
      writeFileSync(join(parapet.workspace, name), file.bytes);
      chmodSync(join(parapet.workspace, name), file.mode);
    }
    chmodSync(join(parapet.workspace, 'sub', 'deep'), 0o750);

    const snapshot = await actThenSnapshot('wipe sub', 'execute_command');
    expect(existsSync(join(parapet.workspace, 'sub'))).toBe(false);
    expect(snapshot.toolName).toBe('execute_command');
    expect([...(snapshot.changes?.deleted ?? [])].sort()).toEqual(['sub', 'sub/deep', ...Object.keys(files)].sort());

    expect(await rollback(snapshot.id)).toMatchObject({ failed: [] });
    for (const [name, file] of Object.entries(files)) {
      expect(readFileSync(join(parapet.workspace, name)).equals(file.bytes), name).toBe(true);
      expect(modeOf(join(parapet.workspace, name)), name).toBe(file.mode);
    }
    expect(modeOf(join(parapet.workspace, 'sub', 'deep'))).toBe(0o750);
  });

  it('brings back the files a git checkout replaced', async () => {
    const git = (...args: string[]): void => void execFileSync('git', ['-C', parapet.workspace, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'ignore' });
    const file = join(parapet.workspace, 'plan.md');
    writeFileSync(file, 'old plan\n');
    git('init', '-q', '-b', 'main');
    git('add', 'plan.md');
    git('commit', '-q', '-m', 'old');
    git('branch', 'old');
    writeFileSync(file, 'new plan\n');
    git('commit', '-q', '-am', 'new');

    const snapshot = await actThenSnapshot('checkout old', 'git_checkout');
    expect(readFileSync(file, 'utf8')).toBe('old plan\n');
    expect(snapshot.changes?.modified).toContain('plan.md');

    await rollback(snapshot.id);
    expect(readFileSync(file, 'utf8')).toBe('new plan\n');
  });
});
