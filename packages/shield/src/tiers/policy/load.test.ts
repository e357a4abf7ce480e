import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShieldError } from '../../errors.js';
import { BUILTIN_POLICY_NAMES } from './builtin-names.js';
import { checkPolicyFile, loadPolicy, parsePolicyText } from './load.js';

const dir = mkdtempSync(join(tmpdir(), 'shield-policy-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const rule = (extra: string) => `
version: 1
name: t
rules:
  deny:
    - id: a
      reason: r
      actions: [read_file]
    - id: b
      reason: r
      actions: [write_file]
    - id: c
      reason: r
${extra}`;

describe('built-in policies', () => {
  it.each(BUILTIN_POLICY_NAMES)('%s loads by name from the repository policies/ folder', (name) => {
    const policy = loadPolicy(name, { home: '/home/u' });
    expect(policy.name).toBe(name);
    expect(policy.source).toMatch(new RegExp(`policies/${name}\\.yaml$`));
    expect(checkPolicyFile(policy.source).ok).toBe(true);
  });
});

describe('checkPolicyFile', () => {
  it('reports a wrong type with the exact key path', () => {
    const result = checkPolicyFile(write('bad-type.yaml', rule('      paths: "~/.ssh/**"')));
    expect(result).toEqual({ ok: false, errors: ['rules.deny.2.paths: expected array'] });
  });

  it('reports unknown keys at their own path', () => {
    const result = checkPolicyFile(write('unknown.yaml', rule('      actions: [read_file]\n      pathz: ["/x"]')));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual(['rules.deny.2.pathz: unknown key']);
  });

  it('rejects bad regexes, unknown action types, relative globs and duplicate ids', () => {
    const text = `
version: 1
name: t
rules:
  deny:
    - { id: a, reason: r, commands: ["(unclosed"] }
    - { id: a, reason: r, actions: [launch_missiles] }
  escalate:
    - { id: e, reason: r, paths: ["relative/**"] }
`;
    const result = parsePolicyText(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain('rules.deny.0.commands.0: not a valid regular expression');
    expect(result.errors.some((e) => e.startsWith('rules.deny.1.actions.0: unknown action type'))).toBe(true);
    expect(result.errors.some((e) => e.startsWith('rules.escalate.0.paths.0: path globs must start'))).toBe(true);
    expect(result.errors).toContain('rules.deny.1.id: duplicate rule id "a"');
  });

  it('rejects a rule that matches on nothing and a wrong version', () => {
    const result = parsePolicyText('version: 2\nname: t\nrules:\n  allow:\n    - { id: a, reason: r }\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatch(/^version: /);
    expect(result.errors.some((e) => e.startsWith('rules.allow.0: a rule needs at least one of'))).toBe(true);
  });

  it('reports YAML syntax errors and missing files without throwing', () => {
    const broken = checkPolicyFile(write('broken.yaml', 'version: 1\nrules: [\n'));
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors[0]).toMatch(/^yaml: /);
    const missing = checkPolicyFile(join(dir, 'nope.yaml'));
    expect(missing).toEqual({ ok: false, errors: [`${join(dir, 'nope.yaml')}: no such file`] });
  });
});

describe('loadPolicy', () => {
  it('throws POLICY_INVALID with the key-path errors as details', () => {
    const path = write('invalid.yaml', rule('      paths: "~/.ssh/**"'));
    try {
      loadPolicy(path);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ShieldError);
      expect((error as ShieldError).code).toBe('POLICY_INVALID');
      expect((error as ShieldError).details).toEqual(['rules.deny.2.paths: expected array']);
    }
  });

  it('throws POLICY_NOT_FOUND for a missing file', () => {
    expect(() => loadPolicy(join(dir, 'missing.yaml'))).toThrow(expect.objectContaining({ code: 'POLICY_NOT_FOUND' }));
  });
});
