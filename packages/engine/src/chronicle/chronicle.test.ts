import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessExecutor } from '../executors/in-process.js';
import { createHarness, type Harness } from '../pipeline/pipeline.test-support.js';
import { createBlobStore } from './blob-store.js';
import { createChronicle, type Chronicle } from './chronicle.js';
import { rollbackSnapshot } from './rollback.js';
import { quietLogger } from '../logging/quiet.js';
import { createIdFactory } from '../storage/ids.js';

let h: Harness;
let chronicle: Chronicle;

function rollback(id: string, onlyPath?: string) {
  return rollbackSnapshot(
    {
      chronicle,
      store: h.store,
      executor: inProcessExecutor(h.workspace, (text) => text),
      protectedPaths: [],
      protectedInodes: () => new Set(),
      timeoutMs: 5000,
      redact: (text) => text,
    },
    id,
    onlyPath,
  );
}

function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

const modeOf = (file: string): number => statSync(file).mode & 0o7777;

beforeEach(() => {
  h = createHarness();
  chronicle = createChronicle({
    store: h.store,
    blobs: createBlobStore(path.join(h.home, 'chronicle')),
    workspace: h.workspace,
    skip: [],
    maxBytes: 64 * 1024 * 1024,
    maxAgeDays: 30,
    newId: createIdFactory(),
    logger: quietLogger,
  });
  h.rebuild({ chronicle });
});

afterEach(() => h.cleanup());

describe('the chronicle in the pipeline', () => {
  it('keeps a file before a write and puts its exact bytes and mode back', async () => {
    const file = path.join(h.workspace, 'a.txt');
    const original = Buffer.from([0xff, 0x00, 0x41, 0x0a]);
    writeFileSync(file, original);
    chmodSync(file, 0o640);
    expect(await h.run('write_file', { path: 'a.txt', content: 'new' })).toMatchObject({ isError: false });
    const snapshot = only(chronicle.list());
    expect(snapshot).toMatchObject({ toolName: 'write_file', roots: ['a.txt'], changes: { added: [], modified: ['a.txt'], deleted: [] } });
    expect(snapshot.actionId).toBe(h.store.audit.list().find((row) => row.kind === 'EXECUTED')?.actionId);

    const outcome = await rollback(snapshot.id);
    expect(outcome).toMatchObject({ restored: ['a.txt'], removed: [], failed: [] });
    expect(readFileSync(file).equals(original)).toBe(true);
    expect(modeOf(file)).toBe(0o640);
    expect(h.store.audit.list().at(-1)).toMatchObject({ kind: 'ROLLED_BACK' });
    // The rollback was snapshotted first: undoing it brings the write back.
    await rollback(outcome.undoSnapshotId);
    expect(readFileSync(file, 'utf8')).toBe('new');
  });

  it('removes what a write created when rolling it back', async () => {
    await h.run('write_file', { path: 'sub/new.txt', content: 'x' });
    const snapshot = only(chronicle.list());
    expect(snapshot.changes?.added).toEqual(['sub/new.txt']);
    expect(await rollback(snapshot.id)).toMatchObject({ removed: ['sub/new.txt'], failed: [] });
    expect(existsSync(path.join(h.workspace, 'sub', 'new.txt'))).toBe(false);
  });

  it('puts a folder deleted recursively back, every file and folder with its bytes and mode', async () => {
    const tree = path.join(h.workspace, 'tree');
    mkdirSync(path.join(tree, 'inner'), { recursive: true });
    writeFileSync(path.join(tree, 'run.sh'), '#!/bin/sh\n');
    writeFileSync(path.join(tree, 'inner', 'key.bin'), Buffer.from([1, 2, 3, 0, 255]));
    chmodSync(path.join(tree, 'run.sh'), 0o755);
    chmodSync(path.join(tree, 'inner', 'key.bin'), 0o600);
    chmodSync(path.join(tree, 'inner'), 0o750);
    // A recursive delete needs a tier-1 judgement.
    h.shield.tier = 1;
    const deleted = await h.run('delete_directory', { path: 'tree', recursive: true });
    expect(deleted, deleted.content).toMatchObject({ isError: false });
    expect(existsSync(tree)).toBe(false);
    const snapshot = only(chronicle.list());
    expect([...(snapshot.changes?.deleted ?? [])].sort()).toEqual(['tree', 'tree/inner', 'tree/inner/key.bin', 'tree/run.sh']);

    expect((await rollback(snapshot.id)).failed).toEqual([]);
    expect(readFileSync(path.join(tree, 'run.sh'), 'utf8')).toBe('#!/bin/sh\n');
    expect(modeOf(path.join(tree, 'run.sh'))).toBe(0o755);
    expect(readFileSync(path.join(tree, 'inner', 'key.bin')).equals(Buffer.from([1, 2, 3, 0, 255]))).toBe(true);
    expect(modeOf(path.join(tree, 'inner', 'key.bin'))).toBe(0o600);
    expect(modeOf(path.join(tree, 'inner'))).toBe(0o750);
  });

  it('restores one path of a snapshot with --path and leaves the rest', async () => {
    mkdirSync(path.join(h.workspace, 'tree'));
    writeFileSync(path.join(h.workspace, 'tree', 'a.txt'), 'a');
    writeFileSync(path.join(h.workspace, 'tree', 'b.txt'), 'b');
    h.shield.tier = 1;
    await h.run('delete_directory', { path: 'tree', recursive: true });
    const snapshot = only(chronicle.list());
    expect(await rollback(snapshot.id, 'tree/a.txt')).toMatchObject({ restored: ['tree/a.txt'], failed: [] });
    expect(readFileSync(path.join(h.workspace, 'tree', 'a.txt'), 'utf8')).toBe('a');
    expect(existsSync(path.join(h.workspace, 'tree', 'b.txt'))).toBe(false);
    await expect(rollback(snapshot.id, 'elsewhere.txt')).rejects.toThrow('elsewhere.txt is not part of this snapshot');
  });

  it('shows a unified diff of the snapshot against now', async () => {
    writeFileSync(path.join(h.workspace, 'poem.txt'), 'one\ntwo\nthree\n');
    await h.run('write_file', { path: 'poem.txt', content: 'one\n2\nthree\n' });
    const diff = chronicle.diff(only(chronicle.list()).id);
    expect(diff).toContain('--- a/poem.txt');
    expect(diff).toContain('+++ b/poem.txt');
    expect(diff).toContain('-two\n+2\n');
  });

  it('takes no snapshot for a read', async () => {
    writeFileSync(path.join(h.workspace, 'a.txt'), 'x');
    await h.run('read_file', { path: 'a.txt' });
    expect(chronicle.list()).toEqual([]);
  });

  it('denies the action, untouched, when no snapshot can be taken', async () => {
    const file = path.join(h.workspace, 'a.txt');
    writeFileSync(file, 'keep me');
    // The chronicle folder is gone and a file sits in its place: no blob can be written.
    rmSync(path.join(h.home, 'chronicle'), { recursive: true });
    writeFileSync(path.join(h.home, 'chronicle'), '');
    const result = await h.run('delete_file', { path: 'a.txt' });
    expect(result).toMatchObject({ isError: true, errorCode: 'SNAPSHOT_FAILED' });
    expect(result.content).toMatch(/no snapshot could be taken, so the action could not be undone: refused/);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    expect(h.store.audit.list().at(-1)).toMatchObject({ kind: 'REFUSED' });
  });

  it('does not re-read a file whose identity did not change, and stores equal content once', () => {
    const dir = path.join(h.workspace, 'tree');
    mkdirSync(dir);
    for (let i = 0; i < 5; i++) writeFileSync(path.join(dir, `f${i}.txt`), 'same content');
    const first = chronicle.snapshot({ sessionId: null, actionId: null, toolName: 'execute_command', scope: { kind: 'workspace' } });
    // Five equal files: one content blob plus the manifest.
    expect(first.newBytes).toBe('same content'.length + readFileSync(path.join(h.home, 'chronicle', first.manifest.slice(0, 2), first.manifest)).length);
    const second = chronicle.snapshot({ sessionId: null, actionId: null, toolName: 'execute_command', scope: { kind: 'workspace' } });
    expect(second.newBytes).toBe(0);
    expect(second.manifest).toBe(first.manifest);
  });

  it('rolls back through a folder swapped for a symlink by restoring inside the workspace only', async () => {
    const outside = path.join(h.root, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'd.txt'), 'outside stays');
    mkdirSync(path.join(h.workspace, 'sub'));
    writeFileSync(path.join(h.workspace, 'sub', 'd.txt'), 'original');
    await h.run('write_file', { path: 'sub/d.txt', content: 'changed' });
    const snapshot = only(chronicle.list());
    rmSync(path.join(h.workspace, 'sub'), { recursive: true });
    symlinkSync(outside, path.join(h.workspace, 'sub'));

    const outcome = await rollback(snapshot.id);
    expect(outcome.failed).toEqual([]);
    expect(readFileSync(path.join(outside, 'd.txt'), 'utf8')).toBe('outside stays');
    expect(statSync(path.join(h.workspace, 'sub'), { throwIfNoEntry: false })?.isDirectory()).toBe(true);
    expect(readFileSync(path.join(h.workspace, 'sub', 'd.txt'), 'utf8')).toBe('original');
  });
});

describe('chronicle retention', () => {
  it('drops the oldest snapshots past max_bytes and sweeps the blobs nothing refers to', () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const small = createChronicle({
      store: h.store,
      blobs: createBlobStore(path.join(h.home, 'small-chronicle')),
      workspace: h.workspace,
      skip: [],
      maxBytes: 40_000,
      maxAgeDays: 30,
      newId: createIdFactory(),
      now: () => new Date((clock += 1000)),
      logger: quietLogger,
    });
    const file = path.join(h.workspace, 'big.bin');
    const ids: string[] = [];
    for (let round = 0; round < 4; round++) {
      writeFileSync(file, Buffer.alloc(15_000, round));
      ids.push(small.snapshot({ sessionId: null, actionId: null, toolName: 'write_file', scope: { kind: 'paths', roots: [file] } }).id);
    }
    const kept = small.list().map((snapshot) => snapshot.id);
    expect(kept).toEqual([ids[3], ids[2]]);
    expect(h.store.chronicle.totalNewBytes()).toBeLessThanOrEqual(40_000);
    // The content of the dropped snapshots is gone from disk; what is kept can still be read.
    const blobsOnDisk = readdirSync(path.join(h.home, 'small-chronicle')).flatMap((prefix) => readdirSync(path.join(h.home, 'small-chronicle', prefix)));
    expect(blobsOnDisk).toHaveLength(4);
    expect(small.content(small.entries(small.get(ids[2]!))[0]!).equals(Buffer.alloc(15_000, 2))).toBe(true);
  });

  it('counts toward max_bytes the snapshots an earlier engine kept', () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const file = path.join(h.workspace, 'big.bin');
    const request = { sessionId: null, actionId: null, toolName: 'write_file', scope: { kind: 'paths' as const, roots: [file] } };
    const open = (dir: string) =>
      createChronicle({
        store: h.store,
        blobs: createBlobStore(path.join(h.home, dir)),
        workspace: h.workspace,
        skip: [],
        maxBytes: 40_000,
        maxAgeDays: 30,
        newId: createIdFactory(),
        now: () => new Date((clock += 1000)),
        logger: quietLogger,
      });
    const before = open('restart-chronicle');
    const ids: string[] = [];
    for (let round = 0; round < 2; round++) {
      writeFileSync(file, Buffer.alloc(15_000, round));
      ids.push(before.snapshot(request).id);
    }
    // As after a restart: a new chronicle over the same store and folder.
    const after = open('restart-chronicle');
    writeFileSync(file, Buffer.alloc(15_000, 2));
    ids.push(after.snapshot(request).id);
    expect(after.list().map((snapshot) => snapshot.id)).toEqual([ids[2], ids[1]]);
    expect(h.store.chronicle.totalNewBytes()).toBeLessThanOrEqual(40_000);
  });

  it('drops snapshots older than max_age_days', () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const aging = createChronicle({
      store: h.store,
      blobs: createBlobStore(path.join(h.home, 'aging-chronicle')),
      workspace: h.workspace,
      skip: [],
      maxBytes: 64 * 1024 * 1024,
      maxAgeDays: 1,
      newId: createIdFactory(),
      now: () => new Date(clock),
      logger: quietLogger,
    });
    writeFileSync(path.join(h.workspace, 'a.txt'), 'a');
    const request = { sessionId: null, actionId: null, toolName: 'write_file', scope: { kind: 'paths' as const, roots: [path.join(h.workspace, 'a.txt')] } };
    const old = aging.snapshot(request);
    clock += 2 * 86_400_000;
    const fresh = aging.snapshot(request);
    expect(aging.list().map((snapshot) => snapshot.id)).toEqual([fresh.id]);
    expect(old.id).not.toBe(fresh.id);
  });
});

describe('information-flow labels', () => {
  it('labels a session secret when redaction fired on a read, naming the read', async () => {
    writeFileSync(path.join(h.workspace, 'deploy.env'), 'KEY=sk-test-configured-key-0123456789\n');
    await h.run('read_file', { path: 'deploy.env' });
    const [label] = h.store.labels.forSession(h.store.sessions.list()[0]!.id);
    expect(label).toMatchObject({ label: 'secret', source: 'read_file deploy.env: a secret was redacted from it' });
    expect(h.store.audit.list().at(-1)).toMatchObject({ kind: 'LABELED' });
    expect(h.events.filter((event) => event.type === 'session_labeled')).toEqual([
      { type: 'session_labeled', label: 'secret', source: 'read_file deploy.env: a secret was redacted from it', actionId: label!.actionId },
    ]);
  });

  it('labels a plain read workspace, once', async () => {
    writeFileSync(path.join(h.workspace, 'a.txt'), 'hello');
    await h.run('read_file', { path: 'a.txt' });
    await h.run('read_file', { path: 'a.txt' });
    expect(h.store.labels.forSession(h.store.sessions.list()[0]!.id).map((record) => record.label)).toEqual(['workspace']);
    expect(h.events.some((event) => event.type === 'session_labeled')).toBe(false);
  });
});
