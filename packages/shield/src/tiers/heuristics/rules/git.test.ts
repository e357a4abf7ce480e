import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const context = { home: '/home/alice', workspace: '/home/alice/project' };
const judge = (type: string, payload: Record<string, unknown>) =>
  evaluateHeuristics({ type, payload }, context);
const shell = (command: string) => judge('execute_command', { command });

describe('git rules', () => {
  it.each([
    ['git push --force origin main', 'git.force_push_protected'],
    ['git push -f', 'git.force_push_protected'],
    ['git push origin +master', 'git.force_push_protected'],
    ['git push --mirror --force backup', 'git.force_push_protected'],
    [
      'git push https://git.example-mirror.net/acme/app.git feature/login',
      'git.push_unconfigured_remote',
    ],
    ['git push origin :main', 'git.force_push_protected'],
    // A version's tag, once pushed, is what others build that version from.
    ['git tag -f v1.4.0 HEAD && git push --force origin v1.4.0', 'git.force_push_protected'],
    ['git push origin +refs/tags/2.3.1', 'git.force_push_protected'],
    ['git push origin --delete v1.4.0', 'git.force_push_protected'],
  ])('blocks: %s', (command, rule) => {
    expect(shell(command)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining([rule]),
    });
  });

  it('blocks a forced git_push tool call to the default branch', () => {
    expect(judge('git_push', { remote: 'origin', branch: 'main', force: true })).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['git.force_push_protected']),
    });
  });

  it.each([
    ['git push --all origin', 'git.push_all'],
    ['git remote set-url origin https://git.example.net/x.git', 'git.remote_change'],
    ['git push --force-with-lease origin main', 'git.force_push'],
    ['git push --force origin feature/payment', 'git.force_push'],
    ['git push origin --delete old-branch', 'git.remote_branch_delete'],
    ['git push origin :old-branch', 'git.remote_branch_delete'],
    ['git push --force origin feature/v2', 'git.force_push'],
    ['git reset --hard HEAD~3', 'git.discard_changes'],
    ['git clean -fdx', 'git.discard_changes'],
    ['git filter-branch --tree-filter "rm -f secrets.txt" HEAD', 'git.history_rewrite'],
    ['git send-email --to=list@example.org 0001.patch', 'git.send_email'],
  ])('escalates: %s', (command, rule) => {
    expect(shell(command)).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: expect.arrayContaining([rule]),
    });
  });

  it('escalates git_push and git_commit of a secret file', () => {
    expect(judge('git_commit', { message: 'add config', paths: ['.env'] })).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: ['secrets.commit_secret_file'],
    });
  });

  it('blocks a commit of a token file whose message says it adds the token', () => {
    expect(
      judge('git_commit', { message: 'ci: add publish token', files: ['.npmrc'], all: true }),
    ).toMatchObject({ decision: 'BLOCK', ruleIds: ['secrets.commit_named_credential'] });
  });

  it.each([
    'git status',
    'git push origin feature/auth',
    'git push --force-with-lease origin feature/search',
    'git add -A && git commit -m "docs: typo"',
    'git fetch --all',
    'git checkout -b feature/x',
    'git stash',
    'git rebase main',
  ])('passes: %s', (command) => {
    expect(shell(command)).toMatchObject({ decision: 'PASS' });
  });

  it('passes a fetch or pull from a remote the repository already names', () => {
    expect(judge('git_fetch', { path: '/home/alice/project', remote: 'origin' }).decision).toBe(
      'PASS',
    );
    expect(
      judge('git_pull', { path: '/home/alice/project', remote: 'upstream', branch: 'main' })
        .decision,
    ).toBe('PASS');
  });

  it('passes a push to a local bare repository and an ordinary commit', () => {
    expect(judge('git_push', { remote: '/srv/git/project.git', branch: 'main' }).decision).toBe(
      'PASS',
    );
    expect(judge('git_commit', { message: 'fix: parser', paths: ['src/parser.ts'] }).decision).toBe(
      'PASS',
    );
  });

  it.each([
    [
      'git_fetch',
      { path: '/home/alice/project', remote: 'git@git.example-mirror.net:acme/app.git' },
    ],
    [
      'git_pull',
      { path: '/home/alice/project', remote: 'https://github.com/acme/app.git', branch: 'main' },
    ],
    ['git_clone', { url: 'https://github.com/acme/app.git', directory: '/home/alice/project/app' }],
    ['git_clone', { url: 'git@github.com:acme/app.git', directory: '/home/alice/project/app' }],
  ])('escalates the network git tool %s (code from another machine)', (type, payload) => {
    expect(judge(type, payload)).toMatchObject({ decision: 'ESCALATE', ruleIds: ['git.fetch'] });
  });

  it('passes a fetch or clone from a repository in the workspace', () => {
    expect(
      judge('git_fetch', { path: '/home/alice/project', remote: './mirrors/app.git' }).decision,
    ).toBe('PASS');
    expect(
      judge('git_clone', {
        url: 'file:///home/alice/project/mirrors/app.git',
        directory: '/home/alice/project/app',
      }).decision,
    ).toBe('PASS');
  });

  it('reads a repository elsewhere on this machine as a folder: outside the workspace asks, a secret store is refused', () => {
    expect(
      judge('git_fetch', { path: '/home/alice/project', remote: '../clients/northwind' }),
    ).toMatchObject({ decision: 'ESCALATE', ruleIds: ['files.read_outside_workspace'] });
    expect(
      judge('git_clone', { url: 'file:///srv/git/app.git', directory: '/home/alice/project/app' }),
    ).toMatchObject({ decision: 'ESCALATE', ruleIds: ['files.read_outside_workspace'] });
    expect(judge('git_clone', { url: '~/.password-store', directory: 'notes/pw' })).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['secrets.credential_read']),
    });
  });

  it.each(['ext::./tools/mirror.sh', 'ext::sh', 'fd::3'])(
    'blocks a transport that runs a program: %s',
    (source) => {
      expect(judge('git_clone', { url: source, directory: 'docs-repo' })).toMatchObject({
        decision: 'BLOCK',
        ruleIds: ['git.command_transport'],
      });
      expect(judge('git_fetch', { remote: source }).ruleIds).toEqual(['git.command_transport']);
    },
  );

  it.each([
    ['node_modules/lodash', 'git.clone_into_installed_code', 'BLOCK'],
    ['.husky', 'git.clone_into_installed_code', 'BLOCK'],
    ['.git/hooks', 'git.clone_into_installed_code', 'BLOCK'],
    ['.venv/lib/python3.12/site-packages/requests', 'git.clone_into_installed_code', 'BLOCK'],
    ['.github/workflows', 'git.clone_into_tooling', 'ESCALATE'],
    ['bin', 'git.clone_into_tooling', 'ESCALATE'],
  ])(
    'judges a clone into %s by what runs the files that land there',
    (directory, rule, decision) => {
      const verdict = judge('git_clone', { url: 'https://github.com/acme/tools.git', directory });
      expect(verdict).toMatchObject({ decision, ruleIds: expect.arrayContaining([rule]) });
    },
  );

  it.each([
    [
      'git clone https://github.com/x/lodash.git node_modules/lodash',
      'BLOCK',
      'git.clone_into_installed_code',
    ],
    ['git clone "ext::sh -c touch% /tmp/p" docs', 'BLOCK', 'git.command_transport'],
    ['git clone -u "touch /tmp/x" ./mirrors/app.git app', 'BLOCK', 'git.command_transport'],
    ['git fetch ../clients/northwind', 'ESCALATE', 'files.read_outside_workspace'],
    ['git clone ~/.password-store notes/pw', 'BLOCK', 'secrets.credential_read'],
  ])("judges the shell's %s as the git tools are", (command, decision, rule) => {
    expect(shell(command)).toMatchObject({ decision, ruleIds: expect.arrayContaining([rule]) });
  });

  it.each([
    'git clone ./mirrors/app.git app',
    'git pull origin main',
    'git fetch --prune upstream',
  ])("passes the shell's %s", (command) => {
    expect(shell(command)).toMatchObject({ decision: 'PASS' });
  });

  it('asks before staging a file that holds secrets, and stages ordinary files and templates', () => {
    expect(judge('git_add', { paths: ['src/config.ts', '.env'] })).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: ['secrets.stage_secret_file'],
    });
    expect(judge('git_add', { paths: ['deploy/id_ed25519'] }).ruleIds).toContain(
      'secrets.stage_secret_file',
    );
    expect(judge('git_add', { paths: ['.env.example', 'README.md'] }).decision).toBe('PASS');
  });

  it.each([
    ['git_status', { path: '/home/alice/project' }],
    ['git_diff', { path: '/home/alice/project', staged: true, paths: ['src'] }],
    ['git_log', { path: '/home/alice/project', max_count: 5, ref: 'HEAD' }],
    ['git_show', { path: '/home/alice/project', ref: 'HEAD~1' }],
    ['git_add', { path: '/home/alice/project', paths: ['src/a.ts'] }],
    ['git_branch', { path: '/home/alice/project', branch: 'feature/x' }],
    ['git_checkout', { path: '/home/alice/project', ref: 'feature/x', create: false }],
  ])('passes the local git tool %s in the workspace', (type, payload) => {
    expect(judge(type, payload)).toMatchObject({ decision: 'PASS' });
  });

  it('escalates a local git tool pointed at a repository holding credentials, and one with a field it does not know', () => {
    expect(judge('git_log', { path: '/home/alice/.ssh' }).decision).not.toBe('PASS');
    expect(judge('git_status', { path: '/home/alice/project', exec: 'sh' })).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: ['payload.unknown_field'],
    });
  });
});
