import { describe, expect, it } from 'vitest';
import { childPathOf, isInside, resolvePath, scopeOf } from './resolve.js';

const scope = scopeOf({ home: '/home/alice', workspace: '/home/alice/project' });

describe('childPathOf', () => {
  it('gives what resolvePath gives for bare file names, and nothing for anything else', () => {
    const names = [
      'echo',
      'run.sh',
      '.env',
      'a+b',
      'x-1_2',
      '.',
      '..',
      '',
      '~',
      '$HOME',
      'a/b',
      ' x',
      'x y',
      '*.txt',
      'é',
    ];
    for (const cwd of ['/', '/home/alice/project', '/tmp']) {
      for (const name of names) {
        const quick = childPathOf(cwd, name);
        if (quick !== undefined)
          expect([cwd, name, quick]).toEqual([cwd, name, resolvePath(name, scope, cwd).absolute]);
      }
    }
    expect(childPathOf('/tmp', 'run.sh')).toBe('/tmp/run.sh');
    expect(childPathOf('/', 'run.sh')).toBe('/run.sh');
    expect(childPathOf('/tmp', '../x')).toBeUndefined();
    expect(childPathOf('/tmp', '~')).toBeUndefined();
  });
});

describe('isInside', () => {
  it('holds for the root itself and paths below it, not for siblings sharing a prefix', () => {
    expect(isInside('/home/alice/project', '/home/alice/project')).toBe(true);
    expect(isInside('/home/alice/project/src/a.ts', '/home/alice/project')).toBe(true);
    expect(isInside('/home/alice/project2/a.ts', '/home/alice/project')).toBe(false);
    expect(isInside('/etc/passwd', '/')).toBe(true);
    expect(isInside('/home/alice', '/home/alice/project')).toBe(false);
  });
});
