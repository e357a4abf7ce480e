import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalPath, expandHome } from './paths.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'shield-paths-')));
const home = join(root, 'home');
const workspace = join(root, 'ws');
mkdirSync(join(home, '.ssh'), { recursive: true });
mkdirSync(workspace);
writeFileSync(join(home, '.ssh', 'id_rsa'), 'key');
symlinkSync(join(home, '.ssh'), join(workspace, 'keys'));
symlinkSync(join(home, '.ssh', 'authorized_keys'), join(workspace, 'dangling'));
symlinkSync(join(workspace, 'loop-b'), join(workspace, 'loop-a'));
symlinkSync(join(workspace, 'loop-a'), join(workspace, 'loop-b'));
const where = { home, workspace };

describe('canonicalPath', () => {
  it('expands ~ and $HOME, and resolves relative paths against the workspace', () => {
    expect(expandHome('~/x', '/h')).toBe('/h/x');
    expect(expandHome('${HOME}/x', '/h')).toBe('/h/x');
    expect(expandHome('~user/x', '/h')).toBe('~user/x');
    expect(canonicalPath('~/.ssh/id_rsa', where)).toBe(join(home, '.ssh', 'id_rsa'));
    expect(canonicalPath('src/../notes.md', where)).toBe(join(workspace, 'notes.md'));
  });

  it('follows a directory link to its target, also for files that do not exist yet', () => {
    expect(canonicalPath('keys/id_rsa', where)).toBe(join(home, '.ssh', 'id_rsa'));
    expect(canonicalPath('keys/new_key', where)).toBe(join(home, '.ssh', 'new_key'));
  });

  it('follows a dangling link to the file a write would create', () => {
    expect(canonicalPath('dangling', where)).toBe(join(home, '.ssh', 'authorized_keys'));
  });

  it('terminates on a symlink loop', () => {
    expect(canonicalPath('loop-a/x', where).startsWith(workspace)).toBe(true);
  });

  it('takes a path the caller already resolved as it is, and still follows the others', () => {
    const resolved = new Set([join(workspace, 'keys')]);
    expect(canonicalPath('keys', { ...where, resolved })).toBe(join(workspace, 'keys'));
    expect(canonicalPath('keys/id_rsa', { ...where, resolved })).toBe(join(home, '.ssh', 'id_rsa'));
  });
});
