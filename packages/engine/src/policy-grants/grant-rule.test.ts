import { describe, expect, it } from 'vitest';
import type { ActionRecord, ApprovalRecord } from '../storage/index.js';
import { grantRuleFor } from './grant-rule.js';

const workspace = '/home/ana/ws';

function approval(state: ApprovalRecord['state'] = 'approved'): ApprovalRecord {
  return {
    id: '01APPROVAL',
    sessionId: 'S1',
    turnId: 'T1',
    actionId: 'A1',
    toolName: 'execute_command',
    actionType: 'execute_command',
    actionHash: 'h',
    targetsFingerprint: '',
    summary: 'the action',
    diff: '',
    reason: 'asked',
    ruleIds: [],
    requestedAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2026-11-23T10:05:00.000Z',
    state,
    scope: state === 'approved' ? 'once' : '',
    answeredBy: 'ana',
    channel: 'cli',
    answeredAt: '2026-11-23T10:01:00.000Z',
  };
}

function action(type: string, payload: Record<string, unknown>): ActionRecord {
  return { id: 'A1', sessionId: 'S1', turnId: 'T1', callId: 'c1', toolName: type, type, payload, actionHash: 'h', proposedAt: '2026-11-23T10:00:00.000Z' };
}

const rule = (type: string, payload: Record<string, unknown>, extra: { pathGlob?: string; state?: ApprovalRecord['state'] } = {}) =>
  grantRuleFor({
    approval: approval(extra.state),
    action: action(type, payload),
    name: 'grant.one',
    workspace,
    ...(extra.pathGlob !== undefined ? { pathGlob: extra.pathGlob } : {}),
  });

describe('grantRuleFor', () => {
  it('a command becomes its exact, anchored pattern', () => {
    expect(rule('execute_command', { command: 'npm test -- --run' })).toMatchObject({
      id: 'grant.one',
      actions: ['execute_command'],
      commands: ['^npm test -- --run$'],
      reason: 'approved by ana on 2026-11-23 (approval 01APPROVAL): the action',
    });
  });

  it('refuses a compound command: an allow rule never vouches for one', () => {
    expect(() => rule('execute_command', { command: 'ls; rm -rf ~' })).toThrow(/compound command/u);
  });

  it('a file action becomes its exact path under {workspace}; a wider glob must still cover it', () => {
    expect(rule('write_file', { path: `${workspace}/notes/a.md`, content: 'x' })).toMatchObject({ actions: ['write_file'], paths: ['{workspace}/notes/a.md'] });
    expect(rule('write_file', { path: `${workspace}/notes/a.md`, content: 'x' }, { pathGlob: '{workspace}/notes/*.md' }).paths).toEqual(['{workspace}/notes/*.md']);
    expect(() => rule('write_file', { path: `${workspace}/notes/a.md`, content: 'x' }, { pathGlob: '{workspace}/other/*.md' })).toThrow(/would not cover the approved action/u);
    expect(() => rule('write_file', { path: `${workspace}/notes/a.md`, content: 'x' }, { pathGlob: 'notes/*.md' })).toThrow(/not valid/u);
  });

  it('refuses what is not approved, and actions a command or a path does not describe', () => {
    expect(() => rule('execute_command', { command: 'ls' }, { state: 'denied' })).toThrow(/is denied: only an approved action/u);
    expect(() => rule('http_request', { url: 'https://example.com' })).toThrow(/cannot become a grant/u);
    expect(() => rule('execute_command', { command: 'ls' }, { pathGlob: '{workspace}/*' })).toThrow(/--path applies to file actions/u);
  });
});
