import { describe, expect, it } from 'vitest';
import { allRules, evaluateHeuristics } from './index.js';

const context = { home: '/home/alice', workspace: '/home/alice/project' };

describe('evaluateHeuristics', () => {
  it('passes ordinary work inside the workspace with no rule ids', () => {
    const result = evaluateHeuristics({ type: 'read_file', payload: { path: 'src/main.ts' } }, context);
    expect(result).toEqual({ decision: 'PASS', confidence: expect.any(Number), reason: expect.any(String), ruleIds: [] });
  });

  it('blocks clear harm with the rule ids and a reason naming what it saw', () => {
    const result = evaluateHeuristics({ type: 'execute_command', payload: { command: 'cat ~/.ssh/id_rsa' } }, context);
    expect(result.decision).toBe('BLOCK');
    expect(result.ruleIds).toContain('secrets.credential_read');
    expect(result.reason).toContain('~/.ssh/id_rsa');
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('accepts alias type names (shell_command, file_read, email)', () => {
    expect(evaluateHeuristics({ type: 'shell_command', payload: { command: 'cat /etc/shadow' } }, context).decision).toBe('BLOCK');
    expect(evaluateHeuristics({ type: 'file_read', payload: { path: 'README.md' } }, context).decision).toBe('PASS');
  });

  it('escalates unknown action types, never passes them', () => {
    const result = evaluateHeuristics({ type: 'teleport', payload: { where: 'home' } }, context);
    expect(result.decision).toBe('ESCALATE');
    expect(result.ruleIds).toContain('payload.unknown_action_type');
  });

  it('escalates unknown payload fields on a known type', () => {
    const result = evaluateHeuristics({ type: 'read_file', payload: { path: 'a.txt', decoded_hint: 'x' } }, context);
    expect(result.decision).toBe('ESCALATE');
    expect(result.ruleIds).toContain('payload.unknown_field');
  });

  it('still blocks what an unknown field reveals', () => {
    const result = evaluateHeuristics({ type: 'file_read', payload: { decoded_path: '/etc/shadow', encoding: 'hex_escape' } }, context);
    expect(result.decision).toBe('BLOCK');
    expect(result.ruleIds).toContain('secrets.credential_read');
  });

  it('judges relative paths as workspace paths when no workspace is given', () => {
    expect(evaluateHeuristics({ type: 'read_file', payload: { path: 'notes.md' } }, { home: '/home/alice' }).decision).toBe('PASS');
    expect(evaluateHeuristics({ type: 'delete_file', payload: { path: '/home/alice/notes.md' } }, { home: '/home/alice' }).decision).toBe('BLOCK');
  });

  it('fails closed on a payload that is not an object', () => {
    const result = evaluateHeuristics({ type: 'read_file', payload: null as unknown as Record<string, unknown> }, context);
    expect(result.decision).toBe('ESCALATE');
  });

  it('declares every rule once with an id, a severity and a reason', () => {
    const rules = allRules();
    expect(rules.length).toBeGreaterThan(50);
    for (const rule of rules) {
      expect(rule.id).toMatch(/^[a-z0-9_]+\.[a-z0-9_]+$/u);
      expect(['block', 'escalate']).toContain(rule.severity);
      expect(rule.reason.length).toBeGreaterThan(10);
    }
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
  });
});
