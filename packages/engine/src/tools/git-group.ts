import { z } from 'zod';
import { pathArgument } from './path-argument.js';
import type { ToolGroupInfo, ToolSpec } from './types.js';

export const GIT_GROUP: ToolGroupInfo = {
  name: 'git',
  description: 'Inspect and change git repositories in the workspace; fetch, pull, push and clone need network and a human.',
};

/** A ref, branch or remote name as git accepts it, never an option (no leading '-'). */
const gitName = (description: string): z.ZodString =>
  z
    .string()
    .min(1)
    .max(256)
    .regex(/^(?![-+])[A-Za-z0-9._/@{}~^+-]+$/u, { error: 'not a git name (letters, digits and ._/@{}~^+- only; no leading - or +)' })
    .describe(description);

/** A name the model may leave out ('' stands for none). */
const optionalGitName = (description: string) => gitName(description).or(z.literal('')).default('');

/** A remote: its name or its URL (':' allowed here, unlike in a branch, where it would delete). */
const remote = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^(?!-)[A-Za-z0-9._/@:~+%-]+$/u, { error: 'not a remote name or URL (no leading -, no spaces)' })
  .default('origin')
  .describe('Remote name or URL; default: origin');

const repo = pathArgument('Repository folder, relative to the workspace root; default: the root').default('.');
const pathspecs = z
  .array(pathArgument('A file or folder, relative to the repository').refine((value) => !value.startsWith('-'), { error: 'a path may not start with -' }))
  .max(256);

/**
 * The repository folder is where git works, not a file the tool replaces: it is checked as a read
 * (inside the workspace, not the engine's state), so a repository at the workspace root works.
 */
function gitTool(spec: Omit<ToolSpec, 'group' | 'paths'> & { readonly paths?: ToolSpec['paths'] }): ToolSpec {
  return { group: GIT_GROUP.name, paths: [{ field: 'path', access: 'read' }], ...spec };
}

/** The `git` group: git run with an argument list (never a shell string), hooks off, in the confined executor. */
export const GIT_TOOLS: readonly ToolSpec[] = [
  gitTool({
    name: 'git_status',
    description: 'Show the working tree status of a repository.',
    schema: z.strictObject({ path: repo }),
    actionType: 'git_status',
    readOnly: true,
  }),
  gitTool({
    name: 'git_diff',
    description: 'Show unstaged changes (or staged ones with staged: true), optionally limited to some paths.',
    schema: z.strictObject({ path: repo, staged: z.boolean().default(false).describe('Compare the index with HEAD'), paths: pathspecs.default([]).describe('Limit to these paths') }),
    actionType: 'git_diff',
    readOnly: true,
  }),
  gitTool({
    name: 'git_log',
    description: 'List recent commits (one line each).',
    schema: z.strictObject({
      path: repo,
      max_count: z.number().int().min(1).max(500).default(20).describe('How many commits'),
      ref: gitName('Start from this ref; default: HEAD').default('HEAD'),
    }),
    actionType: 'git_log',
    readOnly: true,
  }),
  gitTool({
    name: 'git_show',
    description: 'Show one commit: its message, the files it changed and its patch.',
    schema: z.strictObject({ path: repo, ref: gitName('The commit to show; default: HEAD').default('HEAD') }),
    actionType: 'git_show',
    readOnly: true,
  }),
  gitTool({
    name: 'git_add',
    description: 'Stage files for the next commit.',
    schema: z.strictObject({ path: repo, paths: pathspecs.min(1, { error: 'name at least one path' }).describe('Files or folders to stage') }),
    actionType: 'git_add',
  }),
  gitTool({
    name: 'git_commit',
    description: 'Record the staged changes (or all tracked changes with all: true) as a commit. Hooks do not run.',
    schema: z.strictObject({
      path: repo,
      message: z.string().min(1, { error: 'expected a commit message' }).max(10_000).describe('The commit message'),
      all: z.boolean().default(false).describe('Stage every modified tracked file first'),
    }),
    actionType: 'git_commit',
  }),
  gitTool({
    name: 'git_branch',
    description: 'List branches, or create one when a branch name is given.',
    schema: z.strictObject({ path: repo, branch: optionalGitName('Name of a new branch; empty or omitted: list the branches') }),
    actionType: 'git_branch',
  }),
  gitTool({
    name: 'git_checkout',
    description: 'Switch to a branch or commit (create: true makes a new branch there).',
    schema: z.strictObject({ path: repo, ref: gitName('Branch or commit to switch to'), create: z.boolean().default(false).describe('Create the branch') }),
    actionType: 'git_checkout',
  }),
  gitTool({
    name: 'git_fetch',
    description: 'Fetch from a remote (needs network and approval).',
    schema: z.strictObject({ path: repo, remote }),
    actionType: 'git_fetch',
  }),
  gitTool({
    name: 'git_pull',
    description: 'Fetch from a remote and fast-forward the current branch (needs network and approval).',
    schema: z.strictObject({ path: repo, remote, branch: optionalGitName('Remote branch; default: the upstream') }),
    actionType: 'git_pull',
  }),
  gitTool({
    name: 'git_push',
    description: 'Push a branch to a remote (needs network and approval). Never forces.',
    schema: z.strictObject({ path: repo, remote, branch: optionalGitName('Branch to push; default: the current one') }),
    actionType: 'git_push',
  }),
  gitTool({
    name: 'git_clone',
    description: 'Clone a repository into a new folder of the workspace (needs network and approval).',
    schema: z.strictObject({
      url: z.string().min(1).max(2048).regex(/^(?!-)\S+$/u, { error: 'not a repository URL' }).describe('Repository URL'),
      directory: pathArgument('New folder, relative to the workspace root'),
    }),
    actionType: 'git_clone',
    paths: [{ field: 'directory', access: 'write' }],
  }),
];
