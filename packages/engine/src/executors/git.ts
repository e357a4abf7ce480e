import { commandEnvironment, describeOutcome, runCommand } from './command-runner.js';
import { withEgressForwarder } from './egress-forwarder.js';
import { payloadPath } from './output.js';
import type { ExecutionContext, TimedExecutor } from './types.js';

/**
 * Settings that hold for every git run, over anything a repository's config says: no hooks, no
 * credential helper, no external transport that runs a program, no terminal prompt.
 */
function safetyConfig(repo: string): string[] {
  return [
    '-c', 'core.hooksPath=/dev/null',
    '-c', `safe.directory=${repo}`,
    '-c', 'credential.helper=',
    '-c', 'core.fsmonitor=false',
    '-c', 'protocol.ext.allow=never',
    '-c', 'core.pager=cat',
  ];
}

function text(payload: Readonly<Record<string, unknown>>, field: string): string | undefined {
  const value = payload[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function texts(payload: Readonly<Record<string, unknown>>, field: string): string[] {
  const value = payload[field];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** git's arguments for one tool; names and refs were checked by the tool's schema (none starts with '-'). */
function gitArguments(tool: string, payload: Readonly<Record<string, unknown>>): string[] {
  const remote = text(payload, 'remote') ?? 'origin';
  const branch = text(payload, 'branch');
  switch (tool) {
    case 'git_status':
      return ['status'];
    case 'git_diff':
      return ['diff', '--no-ext-diff', '--no-color', ...(payload['staged'] === true ? ['--cached'] : []), '--', ...texts(payload, 'paths')];
    case 'git_log':
      return ['log', `--max-count=${String(payload['max_count'] ?? 20)}`, '--date=short', '--format=%h %ad %an: %s', ...(text(payload, 'ref') ? [text(payload, 'ref') as string] : []), '--'];
    case 'git_show':
      return ['show', '--no-ext-diff', '--no-color', '--stat', '--patch', '--end-of-options', text(payload, 'ref') ?? 'HEAD'];
    case 'git_add':
      return ['add', '--', ...texts(payload, 'paths')];
    case 'git_commit':
      return ['commit', ...(payload['all'] === true ? ['--all'] : []), '-m', text(payload, 'message') ?? '', '--'];
    case 'git_branch':
      return branch ? ['branch', '--end-of-options', branch] : ['branch', '--list', '--no-color'];
    case 'git_checkout':
      return ['checkout', ...(payload['create'] === true ? ['-b'] : []), text(payload, 'ref') ?? '', '--'];
    case 'git_fetch':
      return ['fetch', '--end-of-options', remote];
    case 'git_pull':
      return ['pull', '--ff-only', '--no-edit', '--end-of-options', remote, ...(branch ? [branch] : [])];
    case 'git_push':
      return ['push', '--end-of-options', remote, ...(branch ? [branch] : [])];
    case 'git_clone':
      return ['clone', '--no-recurse-submodules', '--', text(payload, 'url') ?? '', payloadPath(payload, 'directory')];
    default:
      throw new TypeError(`executor: ${tool} is not a git tool`);
  }
}

/** The folder git runs in: the repository, or (for a clone) the workspace. */
function workingFolder(tool: string, payload: Readonly<Record<string, unknown>>, context: ExecutionContext): string {
  return tool === 'git_clone' ? context.workspace : payloadPath(payload, 'path');
}

/** One git tool: argv only (never a shell), in the same confinement as shell commands. */
export function gitExecutor(tool: string): TimedExecutor {
  return async (payload, context) => {
    const cwd = workingFolder(tool, payload, context);
    const home = context.commands?.home ?? context.workspace;
    const outcome = await withEgressForwarder(context.commands?.egress, (proxyEnv) =>
      runCommand({
        label: tool,
        argv: ['git', ...safetyConfig(cwd), ...gitArguments(tool, payload)],
        cwd,
        env: commandEnvironment(home, { GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_GLOBAL: '/dev/null', GIT_ASKPASS: '/bin/false', SSH_ASKPASS: '/bin/false', GIT_SSH_COMMAND: 'ssh -o BatchMode=yes', ...proxyEnv }),
        timeoutMs: context.timeoutMs,
        maxOutputBytes: context.maxOutputBytes,
        signal: context.signal,
        ...(context.commands?.server !== undefined ? { server: context.commands.server } : {}),
        readOnlyFiles: context.readOnlyFiles,
      }),
    );
    return describeOutcome(outcome);
  };
}

export const GIT_TOOL_NAMES = [
  'git_status',
  'git_diff',
  'git_log',
  'git_show',
  'git_add',
  'git_commit',
  'git_branch',
  'git_checkout',
  'git_fetch',
  'git_pull',
  'git_push',
  'git_clone',
] as const;
