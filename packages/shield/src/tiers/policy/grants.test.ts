import { describe, expect, it } from 'vitest';
import { createShield } from '../../shield.js';
import type { UserGrants } from '../../ports.js';
import { compileGrants, exactCommandPattern, exactPathGlob, parseGrantsText } from './grants.js';

const home = '/home/ana';
const workspace = '/home/ana/ws';

function grants(text: string): UserGrants {
  const parsed = parseGrantsText(text);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const compiled = compileGrants(parsed.policy, { home, source: '<test>' });
  return { current: () => compiled };
}

const commandGrant = (command: string): string =>
  `version: 1\nname: grants\nrules:\n  allow:\n    - id: grant.one\n      reason: approved\n      actions: [execute_command]\n      commands: [${JSON.stringify(exactCommandPattern(command))}]\n`;

const run = (command: string) => ({ id: 'a1', type: 'execute_command', payload: { command } });

describe('exact patterns', () => {
  it('a command pattern matches that command and no other', () => {
    for (const command of ['crontab -l', 'ls ./a (b) [c] {d} $HOME ^x \\y', 'git log --format=%H/%s']) {
      const pattern = new RegExp(exactCommandPattern(command), 'u');
      expect(pattern.test(command)).toBe(true);
      expect(pattern.test(`${command} `)).toBe(false);
      expect(pattern.test(`x${command}`)).toBe(false);
    }
  });

  it('a path glob is written from {workspace} inside it, with glob characters escaped', () => {
    expect(exactPathGlob('/home/ana/ws/notes/a*.md', workspace)).toBe('{workspace}/notes/a\\*.md');
    expect(exactPathGlob('/etc/hosts', workspace)).toBe('/etc/hosts');
  });

  it('a grants file holds allow rules only', () => {
    const parsed = parseGrantsText('version: 1\nname: grants\nrules:\n  deny:\n    - id: d\n      reason: r\n      actions: ["*"]\n');
    expect(parsed).toEqual({ ok: false, errors: ['rules: a grants file holds allow rules only'] });
  });
});

describe('the Shield with user grants', () => {
  const shield = createShield({ home, workspace }, { userGrants: grants(commandGrant('crontab -l')) });

  it('allows the granted command at tier 0 and names the grant', async () => {
    const verdict = await shield.evaluate(run('crontab -l'), { workspace });
    expect(verdict).toMatchObject({ decision: 'ALLOW', tier: 0, grant: 'grant.one' });
  });

  it('a different command is judged as without the grant', async () => {
    const verdict = await shield.evaluate(run('crontab -r'), { workspace });
    expect(verdict.decision).toBe('ESCALATE');
    expect(verdict.grant).toBeUndefined();
  });

  it('never clears what the caller requires', async () => {
    const verdict = await shield.evaluate(run('crontab -l'), { workspace, minTier: 3 });
    expect(verdict.decision).toBe('ESCALATE');
  });

  it('never outranks a deny rule of the policy', async () => {
    const denied = createShield({ home, workspace }, { userGrants: grants(commandGrant('rm -rf /')) });
    expect(await denied.evaluate(run('rm -rf /'), { workspace })).toMatchObject({ decision: 'BLOCK', tier: 0 });
  });
});
