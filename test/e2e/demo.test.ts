import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, startParapet, waitFor, type RunningParapet } from '../harness/parapet.js';

let parapet: RunningParapet;
const outsideDir = mkdtempSync(join(tmpdir(), 'parapet-demo-outside-'));
const outsideFile = join(outsideDir, 'outside.txt');

beforeAll(async () => {
  parapet = await startParapet();
  writeFileSync(join(parapet.workspace, 'shopping.txt'), 'eggs\n');
  writeFileSync(outsideFile, 'precious\n');
});

afterAll(async () => {
  await parapet?.stop();
  parapet?.cleanup();
  rmSync(outsideDir, { recursive: true, force: true });
});

describe('demo mode, as a newcomer meets it', () => {
  it('starts without any configuration and says so', async () => {
    const status = await parapet.status();
    expect(status.model.demo).toBe(true);
    expect(status.sandbox.permissionModel).toBe(true);
    expect(status.sandbox.missing.filter((layer) => !/network/i.test(layer))).toEqual([]);
  });

  it('lists the workspace', async () => {
    const result = await parapet.cli(['send', 'list files']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('shopping.txt');
    expect(result.stdout).toContain('IDENTITY.md');
  });

  it('writes and reads a file in the workspace', async () => {
    const write = await parapet.cli(['send', 'write todo.txt: call mum']);
    expect(write.code, write.stderr).toBe(0);
    expect(readFileSync(join(parapet.workspace, 'todo.txt'), 'utf8')).toBe('call mum');
    const read = await parapet.cli(['send', 'read todo.txt']);
    expect(read.stdout).toContain('call mum');
  });

  it('reports the block when asked to delete a file outside the workspace, and the file stays', async () => {
    const result = await parapet.cli(['send', `delete ${outsideFile}`]);
    expect(result.stdout + result.stderr).toMatch(/outside the workspace|PATH_OUTSIDE_WORKSPACE/);
    expect(readFileSync(outsideFile, 'utf8')).toBe('precious\n');
  });

  it('runs a command in the workspace and shows its output and verdict', async () => {
    const result = await parapet.cli(['send', 'run ls -la']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('execute_command');
    expect(result.stdout).toMatch(/ALLOW/);
    expect(result.stdout).toMatch(/Output of `ls -la`:[\s\S]*shopping\.txt[\s\S]*\[exit code 0\]/u);
  });

  it('runs git status in the workspace', async () => {
    const result = await parapet.cli(['send', 'git status']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/ALLOW/);
    // A fresh workspace is no repository: git says so, through the same pipeline.
    expect(result.stdout).toMatch(/git status of the workspace:[\s\S]*not a git repository[\s\S]*\[exit code 128\]/u);
  });

  it('fetches its own local page, named in the help, and nothing else on loopback', async () => {
    const help = await parapet.cli(['send', 'what can you do?']);
    const pageUrl = /Try: fetch (http:\/\/127\.0\.0\.1:\d+\/demo\/page\.html)/u.exec(help.stdout)?.[1];
    expect(pageUrl, help.stdout).toBeDefined();
    const fetched = await parapet.cli(['send', `fetch ${pageUrl}`]);
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(fetched.stdout).toContain('Hello from the demo page');
    expect(fetched.stdout).toContain('untrusted external content');
    const other = new URL(pageUrl as string);
    other.port = String(Number(other.port) === 65535 ? 1 : Number(other.port) + 1);
    const refused = await parapet.cli(['send', `fetch ${other.href}`]);
    expect(refused.stdout).toMatch(/was blocked \(NETWORK_ADDRESS_REFUSED\)/u);
  });

  it('asks a human about a standing order it cannot clear without a classifier, and searches the notes', async () => {
    const turn = parapet.cli(['send', 'remember always answer in French from now on'], { timeoutMs: 60_000 });
    const pending = await waitFor('the approval of the note', async () => {
      const listed = jsonLines<{ id: string; toolName: string }>((await parapet.cli(['approvals', '--json'])).stdout);
      return listed.find((approval) => approval.toolName === 'memory_write');
    });
    expect((await parapet.cli(['deny', pending.id])).code).toBe(0);
    const remember = await turn;
    expect(remember.code, remember.stderr).toBe(0);
    expect(remember.stderr).toContain(`parapet approve ${pending.id}`);
    expect(remember.stdout).toMatch(/was not approved/u);
    const recall = await parapet.cli(['send', 'recall French']);
    expect(recall.stdout).toContain('No remembered notes match "French".');
  });

  it('keeps an audit trail that verifies', async () => {
    const result = await parapet.cli(['audit', 'verify']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });
});
