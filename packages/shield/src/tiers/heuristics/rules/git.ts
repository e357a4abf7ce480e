import { parseRemote } from '../network/hosts.js';
import { usePath, type Judge, type PathUse } from '../judge.js';
import { isHookScript, toolingRole } from '../paths/tooling.js';
import { judgeRead, judgeWrite } from './locations.js';
import { defineRule } from '../registry.js';
import { judgeProse } from './prose.js';
import { alternation } from '../text/word-list.js';

/** Git's ways of sending code away or rewriting shared history. Shared by shell `git` and the git tools. */
export const GIT_RULES = {
  pushAll: defineRule(
    'git.push_all',
    'escalate',
    'pushes every branch or tag to a remote repository',
  ),
  pushToUrl: defineRule(
    'git.push_unconfigured_remote',
    'block',
    'pushes the repository to an address rather than to one of its configured remotes',
  ),
  remoteChange: defineRule(
    'git.remote_change',
    'escalate',
    'adds a remote or changes where one points',
  ),
  forcePushProtected: defineRule(
    'git.force_push_protected',
    'block',
    'force-pushes over a shared branch or a release tag, rewriting what others fetched',
  ),
  forcePush: defineRule('git.force_push', 'escalate', 'force-pushes a branch'),
  deleteRemoteBranch: defineRule(
    'git.remote_branch_delete',
    'escalate',
    'deletes a branch on the remote',
  ),
  discardChanges: defineRule(
    'git.discard_changes',
    'escalate',
    'throws away uncommitted work or commits (reset --hard, clean -f)',
  ),
  rewriteHistory: defineRule('git.history_rewrite', 'escalate', 'rewrites repository history'),
  sendEmail: defineRule('git.send_email', 'escalate', 'mails patches out'),
  fetch: defineRule('git.fetch', 'escalate', 'fetches code from a remote repository (network)'),
  cloneIntoInstalledCode: defineRule(
    'git.clone_into_installed_code',
    'block',
    'clones a repository nobody has read into a folder whose code runs by itself (installed packages, git hooks)',
  ),
  cloneIntoTooling: defineRule(
    'git.clone_into_tooling',
    'escalate',
    "clones a repository nobody has read into a folder the project's build, CI or PATH runs files from",
  ),
  commandTransport: defineRule(
    'git.command_transport',
    'block',
    'fetches through a program it names (ext::, fd::, --upload-pack) instead of from a server',
  ),
  pushShared: defineRule(
    'git.push_shared_branch',
    'escalate',
    'pushes straight to a shared branch (or one it does not name), past any review',
  ),
};

/** Branches others build, deploy or release from: rewriting one rewrites their history. */
const PROTECTED_BRANCH_NAMES = [
  'main',
  'master',
  'trunk',
  'develop',
  'development',
  'dev',
  /release(?:[/-].*)?/u,
  /prod(?:uction)?/u,
  'stable',
  'staging',
  'live',
  'default',
  'HEAD',
];
const PROTECTED_BRANCH = new RegExp(`^(?:${alternation(PROTECTED_BRANCH_NAMES)})$`, 'iu');
/** A version's tag (`v1.4.0`, `2.3`, `refs/tags/v1.4.0-rc.1`): once pushed, others build that version from it. */
const RELEASE_TAG = /^(?:refs\/tags\/)?v?\d+(?:\.\d+){1,3}(?:[-+][\w.-]+)?$/iu;
/** A ref others build from: a shared branch or a released version's tag. */
const sharedRef = (ref: string): boolean =>
  PROTECTED_BRANCH.test(ref.replace(/^refs\/heads\//u, '')) || RELEASE_TAG.test(ref);

export interface PushIntent {
  readonly remote: string | undefined;
  readonly refspecs: readonly string[];
  readonly force: boolean;
  readonly forceWithLease: boolean;
  readonly deletes: boolean;
  readonly all: boolean;
}

/** A remote given by address (URL, scp-style host:path) rather than by the name of a configured remote. */
const REMOTE_ADDRESS = /^(?:[a-z][a-z0-9+.-]*:\/\/|[^/\s]+@[^/\s]+:|[^/\s:]+:[^/\s])/iu;

/**
 * Pushing a branch to a remote the repository already names (origin, upstream) is how work is
 * shared. A push straight to an address sends the code somewhere the user never configured.
 */
export function judgePush(push: PushIntent, judge: Judge): void {
  const findings = judge.findings;
  const remote = push.remote === undefined ? undefined : parseRemote(push.remote);
  if (
    remote?.kind === 'loopback' ||
    (push.remote !== undefined && /^(?:\/|\.{1,2}\/|file:)/u.test(push.remote))
  )
    return;
  const described = [push.remote, ...push.refspecs].filter(Boolean).join(' ');
  if (push.remote !== undefined && REMOTE_ADDRESS.test(push.remote))
    findings.add(GIT_RULES.pushToUrl, described);
  if (push.refspecs.some((r) => r.startsWith('-'))) findings.add(GIT_RULES.pushAll, described);
  if (push.all) findings.add(GIT_RULES.pushAll, described);
  const forcedRefs = push.refspecs.filter((r) => r.startsWith('+'));
  const branches = push.refspecs.map((r) => r.replace(/^\+/u, '').replace(/^.*:/u, ''));
  if (push.force || forcedRefs.length > 0 || push.forceWithLease) {
    const targets =
      push.force || push.forceWithLease
        ? branches
        : forcedRefs.map((r) => r.slice(1).replace(/^.*:/u, ''));
    const shared = push.all || targets.length === 0 || targets.some(sharedRef);
    // A lease on the user's own branch only overwrites what they last saw there: a rebase, not a rewrite.
    if (shared && !push.forceWithLease)
      findings.add(GIT_RULES.forcePushProtected, targets.join(' ') || 'current branch');
    else if (shared || !push.forceWithLease)
      findings.add(GIT_RULES.forcePush, targets.join(' ') || 'current branch');
  }
  // A feature branch shares work for review; a push straight to main (or to whatever branch is
  // checked out, unnamed) lands it where everyone builds from, with nobody having looked.
  if (
    !push.force &&
    !push.forceWithLease &&
    !push.deletes &&
    (branches.length === 0 ||
      branches.some((b) => PROTECTED_BRANCH.test(b.replace(/^refs\/heads\//u, ''))))
  ) {
    findings.add(GIT_RULES.pushShared, described || 'current branch');
  }
  if (push.deletes || push.refspecs.some((r) => r.startsWith(':'))) {
    const deleted = push.refspecs.map((r) => r.replace(/^:/u, ''));
    findings.add(
      deleted.some(sharedRef) ? GIT_RULES.forcePushProtected : GIT_RULES.deleteRemoteBranch,
      push.refspecs.join(' '),
    );
  }
}

/** A repository on this machine: a path, `~/…` or a `file:` URL, read by git like any folder. */
const LOCAL_SOURCE = /^(?:\/|~\/|\.{1,2}\/|file:)/u;
/** Transports that run a program instead of talking to a server: `ext::cmd`, `fd::`. */
const COMMAND_TRANSPORT = /^(?:ext|fd)::/iu;

/**
 * A fetch, pull or clone from `source`. A remote the repository already names (origin, upstream)
 * brings in nothing the user has not chosen to track; an address on another machine is code nobody
 * here has looked at yet, and needs a human. A repository on this machine is read like a folder:
 * copied into the workspace, its files are then open to the model wherever it lay.
 */
export function judgeFetch(source: string | undefined, judge: Judge): void {
  if (source === undefined || judgeLocalSource(source, judge)) return;
  if (REMOTE_ADDRESS.test(source)) judgeClone(source, judge);
}

/** A clone from `source`: a repository on another machine needs a human; a local one is a read of it. */
export function judgeClone(source: string | undefined, judge: Judge): void {
  if (source !== undefined && judgeLocalSource(source, judge)) return;
  const remote = source === undefined ? undefined : parseRemote(source);
  if (remote?.kind === 'loopback') return;
  judge.findings.add(GIT_RULES.fetch, source ?? 'a remote');
}

/** A source that is no server: a transport that runs a program, or a repository on this machine. */
function judgeLocalSource(source: string, judge: Judge): boolean {
  if (COMMAND_TRANSPORT.test(source)) judge.findings.add(GIT_RULES.commandTransport, source);
  else if (LOCAL_SOURCE.test(source))
    judgeRead(usePath(source, judge.scope), judge, { fileTool: true });
  else return false;
  return true;
}

/**
 * Where a clone lands is written with files nobody has read: judged as a write, and refused or
 * asked about when the project's tools would run what lands there (any file below the folder).
 */
export function judgeCloneDirectory(directory: PathUse, judge: Judge): void {
  judgeWrite(directory, judge);
  const inside = `${directory.path.absolute.replace(/\/+$/u, '')}/x`;
  const role =
    toolingRole(inside, judge.scope.workspace) ??
    toolingRole(directory.path.absolute, judge.scope.workspace);
  const workspace = `${judge.scope.workspace}/`;
  if (
    role === 'installed-code' ||
    (inside.startsWith(workspace) && isHookScript(inside.slice(workspace.length))) ||
    usePath(inside, judge.scope).traits.persistence !== undefined
  )
    judge.findings.add(GIT_RULES.cloneIntoInstalledCode, directory.raw);
  else if (role === 'build-definition' || role === 'program')
    judge.findings.add(GIT_RULES.cloneIntoTooling, directory.raw);
}

/** Options of clone, fetch and pull that take the next argument as their value. */
const TRANSFER_VALUE_OPTIONS = new Set([
  '-b',
  '--branch',
  '-o',
  '--origin',
  '--depth',
  '--reference',
  '--reference-if-able',
  '--separate-git-dir',
  '-c',
  '--config',
  '--template',
  '-j',
  '--jobs',
  '--filter',
  '--shallow-since',
  '--shallow-exclude',
  '--deepen',
  '--server-option',
  '--bundle-uri',
  '-u',
  '--upload-pack',
]);

/**
 * `git clone|fetch|pull …`: a source on this machine or a program, and where a clone lands, judged
 * as the git tools judge them. A download from a server runs nothing by itself, so in a shell it
 * needs no human (the git tools ask, as their description tells the model).
 */
function judgeGitTransfer(sub: string, rest: readonly string[], judge: Judge): void {
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    // The program git runs to serve the fetch, named by the caller: a command, not a server.
    if (arg.startsWith('--upload-pack=')) judge.findings.add(GIT_RULES.commandTransport, arg);
    else if (arg === '-u' || arg === '--upload-pack')
      judge.findings.add(GIT_RULES.commandTransport, `${arg} ${rest[i + 1] ?? ''}`.trim());
    if (TRANSFER_VALUE_OPTIONS.has(arg)) i++;
    else if (arg === '--') {
      positional.push(...rest.slice(i + 1));
      break;
    } else if (!arg.startsWith('-')) positional.push(arg);
  }
  if (positional[0] !== undefined) judgeLocalSource(positional[0], judge);
  if (sub === 'clone' && positional[1] !== undefined)
    judgeCloneDirectory(usePath(positional[1], judge.scope), judge);
}

/** `git <args>`: push, destructive resets, history rewrites, and what clone, fetch and pull bring in. */
export function judgeGitArgs(args: readonly string[], judge: Judge): void {
  const sub = args[0] ?? '';
  const rest = args.slice(1);
  const findings = judge.findings;
  if (sub === 'push') {
    const positional = rest.filter(
      (a, i) =>
        !a.startsWith('-') &&
        !['-o', '--push-option', '--repo', '--receive-pack', '--exec'].includes(rest[i - 1] ?? ''),
    );
    judgePush(
      {
        remote: positional[0],
        refspecs: positional.slice(1),
        force: rest.some((a) => a === '--force' || a === '-f' || /^-[a-zA-Z]*f[a-zA-Z]*$/u.test(a)),
        forceWithLease: rest.some(
          (a) => a.startsWith('--force-with-lease') || a === '--force-if-includes',
        ),
        deletes: rest.some((a) => a === '--delete' || a === '-d' || a === '--prune'),
        all: rest.some((a) => a === '--all' || a === '--mirror' || a === '--tags'),
      },
      judge,
    );
  } else if (sub === 'clone' || sub === 'fetch' || sub === 'pull') {
    judgeGitTransfer(sub, rest, judge);
  } else if (sub === 'reset' && rest.includes('--hard'))
    findings.add(GIT_RULES.discardChanges, 'git reset --hard');
  else if (sub === 'clean' && rest.some((a) => /^-[a-zA-Z]*f/u.test(a) || a === '--force'))
    findings.add(GIT_RULES.discardChanges, `git clean ${rest.join(' ')}`);
  else if (
    (sub === 'checkout' || sub === 'restore') &&
    rest.some((a) => a === '.' || a === '--') &&
    rest.includes('.')
  )
    findings.add(GIT_RULES.discardChanges, `git ${sub} .`);
  else if (sub === 'stash' && /^(?:clear|drop)$/u.test(rest[0] ?? ''))
    findings.add(GIT_RULES.discardChanges, `git stash ${rest[0] ?? ''}`);
  else if (
    sub === 'filter-branch' ||
    sub === 'filter-repo' ||
    (sub === 'reflog' && rest[0] === 'expire') ||
    (sub === 'update-ref' && rest.includes('-d'))
  )
    findings.add(GIT_RULES.rewriteHistory, `git ${sub}`);
  else if (sub === 'send-email') findings.add(GIT_RULES.sendEmail, rest.join(' '));
  else if (sub === 'remote' && /^(?:add|set-url)$/u.test(rest[0] ?? ''))
    findings.add(GIT_RULES.remoteChange, rest.join(' '));
  else if (sub === 'commit') {
    // Reviewers, tools and agents read commit messages later: one written to steer them is planted text.
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i] ?? '';
      const message =
        arg === '-m' || arg === '--message'
          ? rest[i + 1]
          : /^(?:--message=|-m)(.+)$/su.exec(arg)?.[1];
      if (message !== undefined && message.trim() !== '') judgeProse(message, judge, 'stored');
    }
  }
}
