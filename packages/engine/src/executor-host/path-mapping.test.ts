import { describe, expect, it } from 'vitest';
import { ExecutionError } from '../executors/errors.js';
import { fromJailText, toJailPath, toJailPayload, toJailPaths } from './path-mapping.js';

const ws = '/home/u/.parapet/workspace';

describe('workspace paths in the confined executor view', () => {
  it('maps the root and paths beneath it, and nothing else', () => {
    expect(toJailPath(ws, ws)).toBe('/workspace');
    expect(toJailPath(ws, `${ws}/notes/a.txt`)).toBe('/workspace/notes/a.txt');
    expect(toJailPath(ws, `${ws}-other/a.txt`)).toBeUndefined();
    expect(toJailPath(ws, '/home/u/.ssh/id_rsa')).toBeUndefined();
    expect(toJailPath(ws, `${ws}/../x`)).toBeUndefined();
  });

  it('translates only the path fields of a payload, leaving content alone', () => {
    const payload = { path: `${ws}/a.txt`, content: `${ws}/a.txt is mentioned here` };
    expect(toJailPayload(ws, payload, ['path'])).toEqual({ path: '/workspace/a.txt', content: `${ws}/a.txt is mentioned here` });
    expect(toJailPayload(ws, { source: `${ws}/a`, destination: `${ws}/b/c` }, ['source', 'destination'])).toEqual({
      source: '/workspace/a',
      destination: '/workspace/b/c',
    });
  });

  it('refuses a path field outside the workspace or not a string (fail closed)', () => {
    expect(() => toJailPayload(ws, { path: '/etc/passwd' }, ['path'])).toThrow(ExecutionError);
    expect(() => toJailPayload(ws, { path: 42 }, ['path'])).toThrow(ExecutionError);
    expect(() => toJailPayload(ws, {}, ['path'])).toThrow(ExecutionError);
  });

  it('keeps only the protected paths the executor can reach', () => {
    expect(toJailPaths(ws, [`${ws}/.parapet-state`, '/home/u/.parapet/parapet.db'])).toEqual(['/workspace/.parapet-state']);
  });

  it('shows messages with the real workspace again', () => {
    expect(fromJailText(ws, "ENOENT: no such file, open '/workspace/a.txt'")).toBe(`ENOENT: no such file, open '${ws}/a.txt'`);
    expect(fromJailText(ws, 'cwd /workspace')).toBe(`cwd ${ws}`);
    expect(fromJailText(ws, 'see /workspaces/x and my/workspace/y')).toBe('see /workspaces/x and my/workspace/y');
  });
});
