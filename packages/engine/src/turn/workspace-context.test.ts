import { mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceContext } from './workspace-context.js';

let workspace: string;
const admitAll = (): boolean => true;
/** A clock far ahead: every file looks settled, so the reader may keep what it read. */
const later = (): bigint => (BigInt(Date.now()) + 3_600_000n) * 1_000_000n;

beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'parapet-context-'));
});
afterEach(() => rmSync(workspace, { recursive: true, force: true }));

describe('workspace context', () => {
  it('reads the context files in prompt order and cuts each at 16 000 characters', () => {
    writeFileSync(join(workspace, 'USER.md'), 'the user');
    writeFileSync(join(workspace, 'IDENTITY.md'), `${'é'.repeat(20_000)}`);
    const files = createWorkspaceContext(workspace, admitAll).read();
    expect(files.map((file) => file.name)).toEqual(['IDENTITY.md', 'USER.md']);
    expect(files[0]?.content).toBe('é'.repeat(16_000));
    expect(files[1]?.content).toBe('the user');
  });

  it('keeps what it read while the stat stays, and sees a rewrite, a replaced file and a removed one', () => {
    const context = createWorkspaceContext(workspace, admitAll, later);
    writeFileSync(join(workspace, 'SOUL.md'), 'be kind');
    writeFileSync(join(workspace, 'USER.md'), 'likes tea');
    expect(context.read().map((file) => file.content)).toEqual(['be kind', 'likes tea']);
    expect(context.read().map((file) => file.content)).toEqual(['be kind', 'likes tea']);
    writeFileSync(join(workspace, 'SOUL.md'), 'be bolder');
    expect(context.read().map((file) => file.content)).toEqual(['be bolder', 'likes tea']);
    unlinkSync(join(workspace, 'USER.md'));
    writeFileSync(join(workspace, 'USER.md'), 'likes coffee');
    expect(context.read().map((file) => file.content)).toEqual(['be bolder', 'likes coffee']);
    unlinkSync(join(workspace, 'SOUL.md'));
    expect(context.read().map((file) => file.name)).toEqual(['USER.md']);
  });

  it('reads a file changed within the last two seconds again, whatever its stat says', () => {
    const context = createWorkspaceContext(workspace, admitAll);
    writeFileSync(join(workspace, 'SOUL.md'), 'first');
    expect(context.read()[0]?.content).toBe('first');
    // Same size, same inode, likely within one timestamp tick of the first write: only the content tells.
    writeFileSync(join(workspace, 'SOUL.md'), 'other');
    expect(context.read()[0]?.content).toBe('other');
  });

  it('follows no symlink and reads no FIFO', () => {
    writeFileSync(join(tmpdir(), 'parapet-context-outside.md'), 'outside');
    symlinkSync(join(tmpdir(), 'parapet-context-outside.md'), join(workspace, 'USER.md'));
    execFileSync('mkfifo', [join(workspace, 'SOUL.md')]);
    expect(createWorkspaceContext(workspace, admitAll).read()).toEqual([]);
    rmSync(join(tmpdir(), 'parapet-context-outside.md'));
  });

  it('asks the admission every turn, with the file it found', () => {
    writeFileSync(join(workspace, 'MEMORY.md'), 'a note');
    let admit = false;
    const asked: string[] = [];
    const context = createWorkspaceContext(workspace, (name, identity) => {
      asked.push(`${name} ${identity}`);
      return admit;
    }, later);
    expect(context.read()).toEqual([]);
    admit = true;
    expect(context.read()).toEqual([{ name: 'MEMORY.md', content: 'a note' }]);
    admit = false;
    expect(context.read()).toEqual([]);
    expect(asked).toHaveLength(3);
    expect(asked[0]).toMatch(/^MEMORY\.md \d+:\d+:file$/);
  });
});
