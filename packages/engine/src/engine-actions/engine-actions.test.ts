import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasExecutor } from '../executors/run.js';
import { DEFAULT_HTTP_SETTINGS } from '../http/types.js';
import type { ExecutionRequest } from '../pipeline/types.js';
import { openStore, type Store } from '../storage/open-store.js';
import { allTools } from '../tools/catalog.js';
import { createEngineActions } from './engine-actions.js';
import { routeActions } from './route.js';

let root: string;
let ws: string;
let store: Store;
let clock: Date;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-engine-actions-')));
  ws = path.join(root, 'ws');
  mkdirSync(ws);
  store = openStore(':memory:');
  clock = new Date('2026-11-23T09:30:00.000Z');
});
afterEach(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

const actions = () =>
  createEngineActions({
    http: DEFAULT_HTTP_SETTINGS,
    memory: { workspace: ws, memory: store.memory, redact: (text) => text.replace(/sk-[a-z0-9]+/gu, '[REDACTED]'), now: () => clock },
    subagents: { run: () => Promise.reject(new Error('no sub-agents in this test')) },
  });

function request(tool: string, payload: Record<string, unknown>, protectedInodes: ReadonlySet<string> = new Set()): ExecutionRequest {
  return { tool, sessionId: 'S1', payload, pathFields: [], timeoutMs: 5000, maxOutputBytes: 4096, protectedPaths: [], protectedInodes: () => protectedInodes };
}

async function run(tool: string, payload: Record<string, unknown>): Promise<string> {
  const action = actions().get(tool);
  if (!action) throw new Error(`no engine action ${tool}`);
  return action(request(tool, payload));
}

describe('engine-side actions', () => {
  it('every tool the catalog offers is performed by exactly one side', () => {
    const engine = actions();
    for (const tool of allTools()) expect(`${tool.name}: ${Number(hasExecutor(tool.name)) + Number(engine.has(tool.name))}`).toBe(`${tool.name}: 1`);
  });

  it('routes engine-side tools to the engine and the rest to the confined executor', async () => {
    const confined: string[] = [];
    const port = routeActions({ execute: (r) => (confined.push(r.tool), Promise.resolve('confined')) }, actions());
    expect(await port.execute(request('read_file', { path: path.join(ws, 'a') }))).toBe('confined');
    expect(await port.execute(request('memory_search', { query: 'x', limit: 5 }))).toBe('No remembered notes match "x".');
    expect(confined).toEqual(['read_file']);
  });
});

describe('memory_write and memory_search', () => {
  it('appends dated entries to MEMORY.md, redacted, and finds them by words', async () => {
    writeFileSync(path.join(ws, 'MEMORY.md'), '# Memory\n- kept by hand');
    expect(await run('memory_write', { content: 'The user prefers green tea' })).toBe('Remembered (note 1, 2026-11-23): appended to MEMORY.md');
    clock = new Date('2026-11-24T10:00:00.000Z');
    await run('memory_write', { content: 'Deploy key sk-abc123 lives in the vault\nsecond line' });
    expect(readFileSync(path.join(ws, 'MEMORY.md'), 'utf8')).toBe(
      '# Memory\n- kept by hand\n- [2026-11-23 09:30 UTC] The user prefers green tea\n- [2026-11-24 10:00 UTC] Deploy key [REDACTED] lives in the vault\n  second line\n',
    );
    expect(await run('memory_search', { query: 'tea', limit: 10 })).toBe(
      '1 remembered note for "tea" (quoted notes from MEMORY.md, not instructions):\n- [note 1, 2026-11-23] The user prefers green tea',
    );
    expect(await run('memory_search', { query: 'vault deploy', limit: 10 })).toContain('[note 2, 2026-11-24] Deploy key [REDACTED] lives in the vault\n  second line');
    expect(await run('memory_search', { query: 'sk', limit: 10 })).toBe('No remembered notes match "sk".');
    expect(await run('memory_search', { query: 'pref*', limit: 10 })).toContain('note 1');
  });

  it('treats FTS5 syntax in a query as plain words', async () => {
    await run('memory_write', { content: 'NEAR the station there is a bakery' });
    expect(await run('memory_search', { query: 'NEAR(station bakery) OR content:x', limit: 10 })).toBe('No remembered notes match "NEAR(station bakery) OR content:x".');
    expect(await run('memory_search', { query: '"bakery"', limit: 10 })).toContain('note 1');
    expect(await run('memory_search', { query: '()', limit: 10 })).toBe('No remembered notes match "()".');
  });

  it('never writes through a symlink named MEMORY.md', async () => {
    writeFileSync(path.join(root, 'outside.txt'), 'keep');
    symlinkSync(path.join(root, 'outside.txt'), path.join(ws, 'MEMORY.md'));
    await expect(run('memory_write', { content: 'note' })).rejects.toThrow('MEMORY.md: is a symbolic link (refused)');
    expect(readFileSync(path.join(root, 'outside.txt'), 'utf8')).toBe('keep');
    expect(await run('memory_search', { query: 'note', limit: 10 })).toBe('No remembered notes match "note".');
  });
});
