import { parse } from 'unbash';
import { describe, expect, it } from 'vitest';
import { parseCacheSize, parseShell } from './parse-cache.js';
import { scopeOf } from '../paths/resolve.js';
import { parseCommandLine } from './parse.js';

describe('parseShell', () => {
  it('gives a repeated source the tree it parsed before, equal to a fresh parse', () => {
    const first = parseShell('cat notes.md | grep -n todo > out.txt');
    expect(parseShell('cat notes.md | grep -n todo > out.txt')).toBe(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(
      JSON.parse(JSON.stringify(parse('cat notes.md | grep -n todo > out.txt'))),
    );
  });

  it('stays bounded, dropping the least recently used source first', () => {
    const kept = parseShell('echo kept');
    const dropped = parseShell('echo dropped');
    for (let i = 0; i < 300; i++) {
      parseShell(`echo ${i}`);
      if (i % 50 === 0) parseShell('echo kept');
    }
    expect(parseCacheSize()).toBeLessThanOrEqual(256);
    expect(parseShell('echo kept')).toBe(kept);
    expect(parseShell('echo dropped')).not.toBe(dropped);
  });

  it('parses long sources every time instead of holding them', () => {
    const long = `echo ${'x'.repeat(5000)}`;
    expect(parseShell(long)).not.toBe(parseShell(long));
  });
});

describe('parseCommandLine within one evaluation', () => {
  it('walks a line once per scope and cwd, and again for a new evaluation', () => {
    const scope = scopeOf({ home: '/home/alice', workspace: '/home/alice/project' });
    const line = 'curl -s https://example.org | tee out.txt';
    const first = parseCommandLine(line, scope);
    expect(parseCommandLine(line, scope)).toBe(first);
    expect(parseCommandLine(line, { ...scope, cwd: '/home/alice/project/sub' })).not.toBe(first);
    const next = scopeOf({ home: '/home/alice', workspace: '/home/alice/project' });
    expect(parseCommandLine(line, next)).not.toBe(first);
    expect(parseCommandLine(line, next)).toEqual(first);
  });
});
