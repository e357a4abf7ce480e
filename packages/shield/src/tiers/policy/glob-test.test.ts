import { readFileSync } from 'node:fs';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { BUILTIN_POLICY_NAMES } from './builtin-names.js';
import { parsePolicyText, resolvePolicyPath } from './load.js';
import { globTest, requiredText } from './glob-test.js';

const builtinGlobs = BUILTIN_POLICY_NAMES.flatMap((name) => {
  const parsed = parsePolicyText(readFileSync(resolvePolicyPath(name), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const { deny, escalate, allow } = parsed.policy.rules;
  return [...deny, ...escalate, ...allow].flatMap((rule) => rule.paths ?? []);
});

const paths = [
  '', '/', '/etc/shadow', '/etc/shadow-', '/etc/sudoers.d/90-agent', '/etc/ssh/ssh_host_rsa_key', '/home/alice/.ssh',
  '/home/alice/.ssh/id_rsa', '/home/alice/.aws/credentials', '/home/alice/.config/gcloud/creds.json', '/root/.bashrc',
  '/home/alice/.bashrc.bak', '/home/alice/project/.git/hooks/pre-commit', '/usr/bin/env', '/var/lib/dpkg/status',
  '/var/spool/cron/crontabs/alice', '/home/alice/Library/Application Support/Google/Chrome/Default/Cookies',
  '/tmp/x', '/home/alice/project/src/index.ts', '/home/alice/.netrc', '/home/alice/.cargo/credentials.toml',
  '/home/alice/.parapet/policies/default.yaml', '/home/alice/.parapet/state.db-wal', 'relative/path', '.ssh/id_rsa',
  '.ssh', 'ssh', '/a/b', '/a/x/y/b', '/a/.b', 'x.bak', '/etc', '/etc/', '/var/lib', '/home/alice/project/.git/config',
  '/home/alice/.config/systemd/user/evil.service', '/home/alice/Library/LaunchAgents/x.plist', '/private/etc/hosts',
];

describe('globTest', () => {
  it('answers exactly as picomatch does for every glob of the built-in policies', () => {
    expect(builtinGlobs.length).toBeGreaterThan(20);
    for (const glob of [...builtinGlobs, '/home/alice/project/**', '/home/alice/.parapet/*.db-*', '*.md', '/a/**/b', '**.bak', 'foo/', '**/x/**', '/etc/**']) {
      const ours = globTest([glob]);
      const theirs = picomatch(glob, { dot: true });
      for (const path of paths) expect([glob, path, ours(path)]).toEqual([glob, path, theirs(path)]);
    }
  });

  it('matches when any glob of the list matches, and never on an empty path', () => {
    const test = globTest(['/etc/**', '**/.ssh/**']);
    expect(test('/etc/passwd')).toBe(true);
    expect(test('/home/bob/.ssh/config')).toBe(true);
    expect(test('/home/bob/notes.md')).toBe(false);
    expect(test('')).toBe(false);
  });

  it('knows the text a plain glob needs, and claims none for globs it cannot read', () => {
    expect(requiredText('**/.ssh/**')).toBe('.ssh');
    expect(requiredText('/etc/sudoers.d/**')).toBe('etc/sudoers.d');
    expect(requiredText('~/.parapet/*.db-*')).toBe('~/.parapet');
    expect(requiredText('**')).toBeUndefined();
    expect(requiredText('**/.{bash,zsh}rc')).toBeUndefined();
    expect(requiredText('/home/a\\*b/**')).toBeUndefined();
  });
});
