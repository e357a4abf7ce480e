import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allRules, evaluateHeuristics } from './index.js';

function testSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testSources(path);
    return entry.name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

const context = { home: '/home/alice', workspace: '/home/alice/project' };

describe('evaluateHeuristics', () => {
  it('passes ordinary work inside the workspace with no rule ids', () => {
    const result = evaluateHeuristics(
      { type: 'read_file', payload: { path: 'src/main.ts' } },
      context,
    );
    expect(result).toEqual({
      decision: 'PASS',
      confidence: expect.any(Number),
      reason: expect.any(String),
      ruleIds: [],
    });
  });

  it('blocks clear harm with the rule ids and a reason naming what it saw', () => {
    const result = evaluateHeuristics(
      { type: 'execute_command', payload: { command: 'cat ~/.ssh/id_rsa' } },
      context,
    );
    expect(result.decision).toBe('BLOCK');
    expect(result.ruleIds).toContain('secrets.credential_read');
    expect(result.reason).toContain('~/.ssh/id_rsa');
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('accepts alias type names (shell_command, file_read, email)', () => {
    expect(
      evaluateHeuristics(
        { type: 'shell_command', payload: { command: 'cat /etc/shadow' } },
        context,
      ).decision,
    ).toBe('BLOCK');
    expect(
      evaluateHeuristics({ type: 'file_read', payload: { path: 'README.md' } }, context).decision,
    ).toBe('PASS');
  });

  it('escalates unknown action types, never passes them', () => {
    const result = evaluateHeuristics({ type: 'teleport', payload: { where: 'home' } }, context);
    expect(result.decision).toBe('ESCALATE');
    expect(result.ruleIds).toContain('payload.unknown_action_type');
  });

  it('escalates unknown payload fields on a known type', () => {
    const result = evaluateHeuristics(
      { type: 'read_file', payload: { path: 'a.txt', decoded_hint: 'x' } },
      context,
    );
    expect(result.decision).toBe('ESCALATE');
    expect(result.ruleIds).toContain('payload.unknown_field');
  });

  it('still blocks what an unknown field reveals', () => {
    const result = evaluateHeuristics(
      { type: 'file_read', payload: { decoded_path: '/etc/shadow', encoding: 'hex_escape' } },
      context,
    );
    expect(result.decision).toBe('BLOCK');
    expect(result.ruleIds).toContain('secrets.credential_read');
  });

  it('judges relative paths as workspace paths when no workspace is given', () => {
    expect(
      evaluateHeuristics(
        { type: 'read_file', payload: { path: 'notes.md' } },
        { home: '/home/alice' },
      ).decision,
    ).toBe('PASS');
    expect(
      evaluateHeuristics(
        { type: 'delete_file', payload: { path: '/home/alice/notes.md' } },
        { home: '/home/alice' },
      ).decision,
    ).toBe('BLOCK');
  });

  it("treats a workspace under /srv, /var or ~/.config as the user's own files", () => {
    for (const workspace of ['/srv/app', '/var/www/site', '/home/alice/.config/nvim']) {
      const here = { home: '/home/alice', workspace };
      expect(
        evaluateHeuristics(
          { type: 'write_file', payload: { path: 'index.html', content: '<p>hi</p>' } },
          here,
        ).decision,
      ).toBe('PASS');
      expect(
        evaluateHeuristics({ type: 'read_file', payload: { path: 'init.lua' } }, here).decision,
      ).toBe('PASS');
      expect(
        evaluateHeuristics({ type: 'read_file', payload: { path: '.env' } }, here).decision,
      ).toBe('BLOCK');
    }
  });

  it('fails closed on a payload that is not an object', () => {
    const result = evaluateHeuristics(
      { type: 'read_file', payload: null as unknown as Record<string, unknown> },
      context,
    );
    expect(result.decision).toBe('ESCALATE');
  });

  it('blocks when judging itself fails', () => {
    const payload = Object.defineProperty({}, 'path', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(evaluateHeuristics({ type: 'read_file', payload }, context)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: ['heuristics.internal_error'],
    });
  });

  it('escalates text too long, or lists too long, to read in full', () => {
    const result = evaluateHeuristics(
      { type: 'memory_write', payload: { content: 'note '.repeat(60_000) } },
      context,
    );
    expect(result).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: expect.arrayContaining(['content.too_large']),
    });
    const many = evaluateHeuristics(
      {
        type: 'send_email',
        payload: { to: Array.from({ length: 500 }, (_, i) => `u${i}@example.com`) },
      },
      context,
    );
    expect(many.ruleIds).toContain('content.too_large');
  });

  it('has a test naming every rule id (each rule is exercised by must-block/escalate cases)', () => {
    const sources = testSources(fileURLToPath(new URL('.', import.meta.url))).join('\n');
    const untested = allRules()
      .filter((rule) => !sources.includes(`'${rule.id}'`))
      .map((rule) => rule.id);
    expect(untested).toEqual([]);
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
