import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditKinds, createHarness, type Harness } from './pipeline.test-support.js';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
afterEach(() => h.cleanup());

const sessionId = (): string => h.store.sessions.list()[0]?.id ?? '';
const proposal = (callId: string, toolName: string, args: unknown, turnSignal?: AbortSignal) => ({
  sessionId: sessionId(),
  turnId: 'turn-1',
  callId,
  toolName,
  argumentsJson: JSON.stringify(args),
  loadedGroups: new Set(['files']),
  ...(turnSignal ? { turnSignal } : {}),
});

describe('a proposal of a cancelled turn', () => {
  it('is refused before the Shield when the turn is already cancelled', async () => {
    const turn = new AbortController();
    turn.abort();
    const result = await h.pipeline.run(proposal('c1', 'write_file', { path: 'late.txt', content: 'x' }, turn.signal), (e) => h.events.push(e));
    expect(result).toMatchObject({ isError: true, errorCode: 'TURN_CANCELLED' });
    expect(h.shield.calls).toHaveLength(0);
    expect(existsSync(path.join(h.workspace, 'late.txt'))).toBe(false);
    expect(auditKinds(h.store)).toEqual(['REFUSED']);
  });

  it('does not execute when the turn is cancelled while the Shield is deciding', async () => {
    const turn = new AbortController();
    h.shield.decide = () => {
      turn.abort();
      return 'ALLOW';
    };
    const result = await h.pipeline.run(proposal('c1', 'write_file', { path: 'late.txt', content: 'x' }, turn.signal), (e) => h.events.push(e));
    expect(result).toMatchObject({ isError: true, errorCode: 'TURN_CANCELLED' });
    expect(existsSync(path.join(h.workspace, 'late.txt'))).toBe(false);
    expect(auditKinds(h.store)).toEqual(['PROPOSED', 'EVALUATED', 'REFUSED']);
  });
});

describe('refuse', () => {
  it('audits the refusal with its code and tells clients, without running anything', () => {
    const result = h.pipeline.refuse(
      proposal('c17', 'write_file', { path: 'x.txt', content: 'x' }),
      { stage: 'turn', code: 'TOOL_CALL_LIMIT', message: 'only 16 tool calls of one reply run' },
      (e) => h.events.push(e),
    );
    expect(result).toMatchObject({ isError: true, errorCode: 'TOOL_CALL_LIMIT' });
    expect(existsSync(path.join(h.workspace, 'x.txt'))).toBe(false);
    const [row] = h.store.audit.list();
    expect(row?.kind).toBe('REFUSED');
    expect(JSON.parse(row?.data ?? '{}')).toMatchObject({ callId: 'c17', tool: 'write_file', code: 'TOOL_CALL_LIMIT' });
    expect(h.events.map((e) => e.type)).toEqual(['action_started', 'action_completed']);
  });
});

describe('a meta-tool call', () => {
  it('is audited as proposed, then executed with what it granted or refused with why', () => {
    const base = { sessionId: sessionId(), turnId: 'turn-1', toolName: 'load_tools' };
    h.pipeline.recordMetaCall({ ...base, callId: 'm1', argumentsJson: '{"groups":["files"]}', outcome: { granted: ['files'] } });
    h.pipeline.recordMetaCall({ ...base, callId: 'm2', argumentsJson: '{"groups":["nukes"]}', outcome: { code: 'TOOL_UNKNOWN', reason: 'no group nukes' } });
    expect(auditKinds(h.store)).toEqual(['PROPOSED', 'EXECUTED', 'PROPOSED', 'REFUSED']);
    const data = h.store.audit.list().map((row) => JSON.parse(row.data) as Record<string, unknown>);
    expect(data[0]).toMatchObject({ callId: 'm1', tool: 'load_tools', argumentsJson: '{"groups":["files"]}' });
    expect(data[1]).toMatchObject({ callId: 'm1', granted: ['files'] });
    expect(data[3]).toMatchObject({ callId: 'm2', code: 'TOOL_UNKNOWN' });
    expect(h.store.audit.verify().ok).toBe(true);
  });
});
