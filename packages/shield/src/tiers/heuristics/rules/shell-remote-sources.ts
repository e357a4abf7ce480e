import { parseRemote } from '../network/hosts.js';
import { sensitivityOf } from '../paths/taxonomy.js';
import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import { CODE_HOSTS } from '../shell/network-effects.js';
import { NETWORK_RULES } from './network.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * What one command hands the next across a line, and what a code host is told to do: an archive
 * packed earlier in the line and uploaded later is the whole folder leaving; git told to fetch
 * every repository of a host from elsewhere runs whatever that elsewhere serves; a repository
 * deleted or made public on its host cannot be taken back.
 */
export const REMOTE_SOURCE_RULES = {
  gitUrlRewrite: defineRule(
    'git.url_rewrite',
    'block',
    'rewrites the address git fetches code from or pushes to, for every repository of a host',
  ),
  codeHostDelete: defineRule(
    'remote.code_host_delete',
    'escalate',
    'deletes or archives a repository, release or other data on a code host',
  ),
  codeHostChange: defineRule(
    'remote.code_host_change',
    'escalate',
    "changes settings, access or data on a code host, or runs its workflows, with the user's login",
  ),
  checksSkipped: defineRule(
    'remote.checks_skipped',
    'escalate',
    'runs a workflow with its tests or checks switched off',
  ),
  codeHostPublish: defineRule(
    'remote.code_host_publish',
    'escalate',
    'makes a repository or files public on a code host',
  ),
};

/** Programs whose output is a packed copy of whole folders (as shell-network's pipe rule knows them). */
const ARCHIVERS = new Set(['tar', 'bsdtar', 'zip', '7z', '7za', 'cpio', 'pax', 'rar']);

/** The host of a URL or of an scp-like address (`git@host:path`); undefined when none is named. */
function hostOf(address: string): string | undefined {
  const remote = parseRemote(address);
  if (remote !== undefined) return remote.host.toLowerCase();
  return /^(?:[^@\s/]+@)?([^:/\s]+):/u.exec(address)?.[1]?.toLowerCase();
}

/**
 * `git config [scope] url.<base>.insteadOf <prefix>` sending a host's repositories to another
 * host outside this machine's network. The same host by another protocol (ssh for https) is the
 * usual reason to write one, and stays.
 */
function rewritesGitUrls(cmd: SimpleCommand): string | undefined {
  if (cmd.name !== 'git') return undefined;
  const words = cmd.args.map((a) => a.text);
  if (!words.includes('config')) return undefined;
  const at = words.findIndex((w) => /^url\..+\.(?:push)?insteadof$/iu.test(w));
  const key = words[at];
  if (key === undefined) return undefined;
  const base = key.replace(/^url\./iu, '').replace(/\.(?:push)?insteadof$/iu, '');
  const baseHost = hostOf(base);
  const prefix = words[at + 1];
  if (baseHost === undefined) return key;
  const kind = parseRemote(`https://${baseHost}/`)?.kind;
  if (kind === 'loopback' || kind === 'private') return undefined;
  return prefix !== undefined && hostOf(prefix) === baseHost ? undefined : key;
}

/** Code-host CLIs (GitHub, GitLab) and the subcommands that delete, archive or publish. */
const CODE_HOST_CLIS: ReadonlySet<string> = new Set(CODE_HOSTS.keys());
const DELETING =
  /^(?:repo (?:delete|archive)|release delete|gist delete|secret delete|variable delete|cache delete|run delete)\b/u;
const PUBLISHING =
  /^(?:repo (?:edit|create)\b.*--(?:visibility[= ]public|public)\b|gist create\b.*(?:--public|-p)\b)/u;
/**
 * Subcommands that change what the host does for the repository or the account: workflows run
 * (with the repository's secrets) or switched, secrets and variables set, keys added, the login's
 * scopes widened, a merge past the branch's protection.
 */
const CHANGING =
  /^(?:workflow (?:run|enable|disable)|run (?:rerun|cancel)|(?:secret|variable) set|(?:ssh-key|gpg-key) add|repo deploy-key add|auth refresh\b.*\s(?:-s|--scopes)\b|(?:pr|mr) merge\b.*\s--admin)\b/u;
const API_DELETE = /^api\b.*(?:-X|--method)[= ]?DELETE\b/iu;
/** `api -X POST|PUT|PATCH`, or fields and input without a method (the CLIs then POST). */
const API_WRITE =
  /^api\b.*(?:(?:-X|--method)[= ]?(?:POST|PUT|PATCH)\b|\s(?:-[fF]|--field|--raw-field|--input|--form)\b)/iu;
const API_READ = /^api\b.*(?:-X|--method)[= ]?(?:GET|HEAD)\b/iu;

/** A workflow input that switches its tests or checks off (`-f skip_tests=true`). */
const SKIPPING_INPUT =
  /^(?:skip|bypass|no|disable)[_-]?(?:tests?|checks?|ci|verify|verification|lint|scans?|review)=(?:true|1|yes)$/iu;

function skippedChecks(cmd: SimpleCommand): string | undefined {
  if (!CODE_HOST_CLIS.has(cmd.name)) return undefined;
  const words = cmd.args.map((a) => a.text);
  if (words[0] !== 'workflow' || words[1] !== 'run') return undefined;
  return words.find(
    (word, i) =>
      i > 0 && /^-[fF]$|^--(?:raw-)?field$/u.test(words[i - 1] ?? '') && SKIPPING_INPUT.test(word),
  );
}

function codeHostAction(cmd: SimpleCommand): 'delete' | 'publish' | 'change' | undefined {
  if (!CODE_HOST_CLIS.has(cmd.name)) return undefined;
  const line = cmd.args.map((a) => a.text).join(' ');
  if (DELETING.test(line) || API_DELETE.test(line)) return 'delete';
  if (PUBLISHING.test(line)) return 'publish';
  if (CHANGING.test(line) || (API_WRITE.test(line) && !API_READ.test(line))) return 'change';
  return undefined;
}

export const judgeShellRemoteSources: ShellJudge = (facts, line, judge) => {
  const cmd = facts.cmd;
  const findings = judge.findings;
  const rewrite = rewritesGitUrls(cmd);
  if (rewrite !== undefined) findings.add(REMOTE_SOURCE_RULES.gitUrlRewrite, rewrite);
  const action = codeHostAction(cmd);
  if (action === 'delete')
    findings.add(REMOTE_SOURCE_RULES.codeHostDelete, `${cmd.name} ${facts.argsText}`);
  if (action === 'publish')
    findings.add(REMOTE_SOURCE_RULES.codeHostPublish, `${cmd.name} ${facts.argsText}`);
  if (action === 'change')
    findings.add(REMOTE_SOURCE_RULES.codeHostChange, `${cmd.name} ${facts.argsText}`);
  const skipped = skippedChecks(cmd);
  if (skipped !== undefined) findings.add(REMOTE_SOURCE_RULES.checksSkipped, skipped);
  if (facts.uploads.length === 0 || facts.net.remotes.every((r) => r.target.kind === 'loopback'))
    return;
  for (const upload of facts.uploads) {
    const packer = line.facts.find(
      (other) =>
        other.cmd.index < cmd.index &&
        ARCHIVERS.has(other.cmd.name) &&
        other.writes.some((w) => w.path.absolute === upload.path.absolute),
    );
    // A packed build folder sent to a server is a deploy; the whole workspace, anything outside
    // it, or anything private is the user's data leaving.
    const packsData = packer?.reads.some(
      (read) =>
        read.path.absolute === judge.scope.workspace ||
        !read.path.inWorkspace ||
        sensitivityOf(read.traits) !== undefined,
    );
    if (packsData === true)
      findings.add(
        NETWORK_RULES.archiveUpload,
        `${upload.raw} to ${facts.net.remotes[0]?.target.host ?? ''}`,
      );
  }
};
