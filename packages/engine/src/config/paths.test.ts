import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalPath, expandTilde, isWithin } from './paths.js';

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-paths-')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('canonicalPath', () => {
  it('follows a symlinked parent of a file that does not exist yet', () => {
    mkdirSync(path.join(root, 'outside'));
    mkdirSync(path.join(root, 'ws'));
    symlinkSync(path.join(root, 'outside'), path.join(root, 'ws', 'escape'));
    expect(canonicalPath(path.join(root, 'ws', 'escape', 'new', 'file.txt'))).toBe(path.join(root, 'outside', 'new', 'file.txt'));
  });

  it('normalises dot segments before resolving', () => {
    mkdirSync(path.join(root, 'ws'));
    expect(canonicalPath(path.join(root, 'ws', '..', 'ws', '.', 'a.txt'))).toBe(path.join(root, 'ws', 'a.txt'));
  });
});

describe('isWithin', () => {
  it('accepts the root and descendants, refuses siblings sharing a prefix', () => {
    expect(isWithin('/a/ws', '/a/ws')).toBe(true);
    expect(isWithin('/a/ws', '/a/ws/x/y')).toBe(true);
    expect(isWithin('/a/ws', '/a/ws2/x')).toBe(false);
    expect(isWithin('/a/ws', '/a')).toBe(false);
    expect(isWithin('/a/ws', '/a/ws/..x')).toBe(true);
  });

  it('answers exactly as path.relative does, also for paths that are not normalised', () => {
    const byRelative = (rootPath: string, candidate: string): boolean => {
      const relative = path.relative(rootPath, candidate);
      return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
    };
    const roots = ['/', '/a', '/a/ws', '/a/ws/', '/a/./ws', '/a//ws', '/a/b/../ws'];
    const candidates = [
      '/', '/a', '/a/ws', '/a/ws/', '/a/ws/x', '/a/ws2', '/a/ws2/x', '/a/w', '/a/ws/../x', '/a/ws/../ws/x', '/a/ws/./x',
      '/a//ws/x', '/a/ws//x', '/a/ws/..', '/a/ws/.', '/a/ws/...', '/a/ws/..x', '/a/wsx/..', '/b/ws', '/a/ws/x/../../ws2',
    ];
    for (const rootPath of roots) {
      for (const candidate of candidates) {
        expect([rootPath, candidate, isWithin(rootPath, candidate)]).toEqual([rootPath, candidate, byRelative(rootPath, candidate)]);
      }
    }
  });
});

describe('expandTilde', () => {
  it('expands ~ and ~/ only', () => {
    expect(expandTilde('~', '/home/u')).toBe('/home/u');
    expect(expandTilde('~/notes', '/home/u')).toBe('/home/u/notes');
    expect(expandTilde('~other/x', '/home/u')).toBe('~other/x');
  });
});
