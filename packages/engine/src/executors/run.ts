import { chronicleRestoreExecutor } from './chronicle-restore.js';
import { copyFileExecutor } from './copy-file.js';
import { createDirectoryExecutor } from './create-directory.js';
import { deleteDirectoryExecutor } from './delete-directory.js';
import { deleteFileExecutor } from './delete-file.js';
import { ExecutionError } from './errors.js';
import { executeCommandExecutor } from './execute-command.js';
import { gitExecutor, GIT_TOOL_NAMES } from './git.js';
import { grepExecutor } from './grep.js';
import { listDirectoryExecutor } from './list-directory.js';
import { moveFileExecutor } from './move-file.js';
import { readOnlyPromptFiles } from './prompt-file-guard.js';
import { readFileExecutor } from './read-file.js';
import { searchFilesExecutor } from './search-files.js';
import type { BoundedExecutor, ExecutionContext, Executor, TimedExecutor } from './types.js';
import { writeFileExecutor } from './write-file.js';

export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;
export const DEFAULT_EXECUTION_TIMEOUT_MS = 30_000;

/** Run directly: they finish at once, so the deadline machinery would only add cost. */
const BOUNDED: ReadonlyMap<string, BoundedExecutor> = new Map([['read_file', readFileExecutor]]);

const EXECUTORS: ReadonlyMap<string, Executor> = new Map([
  ['write_file', writeFileExecutor],
  ['list_directory', listDirectoryExecutor],
  ['search_files', searchFilesExecutor],
  ['delete_file', deleteFileExecutor],
  ['move_file', moveFileExecutor],
  // Not a tool the model can call: the engine sends it for a rollback a user asked for.
  ['chronicle_restore', chronicleRestoreExecutor],
  ['copy_file', copyFileExecutor],
  ['create_directory', createDirectoryExecutor],
  ['delete_directory', deleteDirectoryExecutor],
  ['grep', grepExecutor],
]);

/** Commands: they stop themselves at the deadline, after killing everything they started. */
const TIMED: ReadonlyMap<string, TimedExecutor> = new Map<string, TimedExecutor>([
  ['execute_command', executeCommandExecutor],
  ...GIT_TOOL_NAMES.map((name) => [name, gitExecutor(name)] as const),
]);

/** Executors that walk folders and so skip protected paths and inodes; the others never read them. */
const WALKERS: ReadonlySet<string> = new Set(['search_files', 'grep']);

export function walksFolders(toolName: string): boolean {
  return WALKERS.has(toolName);
}

/** Tools that run a program (shell, git) rather than one file operation. */
export function runsCommand(toolName: string): boolean {
  return TIMED.has(toolName);
}

export function hasExecutor(toolName: string): boolean {
  return BOUNDED.has(toolName) || EXECUTORS.has(toolName) || TIMED.has(toolName);
}

export interface RunOptions extends Omit<ExecutionContext, 'signal'> {
  readonly timeoutMs: number;
}

/**
 * Runs the tool's executor under a deadline. On timeout the caller gets EXECUTION_TIMEOUT at once;
 * executors watch the signal (the search worker is terminated, file operations are short). Bounded
 * executors run directly.
 */
export async function runExecutor(toolName: string, payload: Readonly<Record<string, unknown>>, options: RunOptions): Promise<string> {
  const bounded = BOUNDED.get(toolName);
  if (bounded) return bounded(payload, options);
  const timed = TIMED.get(toolName);
  if (timed) return timed(payload, { ...options, readOnlyFiles: readOnlyPromptFiles(options.workspace), signal: new AbortController().signal });
  const executor = EXECUTORS.get(toolName);
  if (!executor) throw new ExecutionError(`no executor for tool ${toolName}`);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ExecutionError(`${toolName}: timed out after ${options.timeoutMs} ms`, 'EXECUTION_TIMEOUT'));
    }, options.timeoutMs);
  });
  try {
    const { timeoutMs: _timeout, ...context } = options;
    return await Promise.race([executor(payload, { ...context, signal: controller.signal }), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
