import { Worker } from 'node:worker_threads';
import { ExecutionError } from './errors.js';
import { capOutput, payloadPath, shownPath } from './output.js';
import { SEARCH_WORKER_SOURCE } from './search-worker-source.js';
import type { Executor } from './types.js';

export const SEARCH_LIMITS = {
  maxMatches: 200,
  maxFiles: 5000,
  maxFileBytes: 1_048_576,
  maxLineChars: 2000,
  excerptChars: 200,
  skipFolders: ['.git', 'node_modules'],
} as const;

interface SearchOutcome {
  readonly ok: boolean;
  readonly message?: string;
  readonly results?: string[];
  readonly files?: number;
  readonly stopped?: '' | 'matches' | 'files';
}

/** Name and content search under a folder, bounded, run in a worker the timeout can stop. */
export const searchFilesExecutor: Executor = async (payload, context) => {
  const root = payloadPath(payload, 'path');
  const pattern = payload['pattern'];
  if (typeof pattern !== 'string') throw new TypeError('executor: search_files needs a string pattern');
  const outcome = await runSearchWorker(
    {
      root,
      workspace: context.workspace,
      pattern,
      protectedPaths: context.protectedPaths,
      protectedInodes: [...context.protectedInodes()],
      limits: SEARCH_LIMITS,
    },
    context.signal,
  );
  if (!outcome.ok) throw new ExecutionError(`search_files: ${outcome.message ?? 'failed'}`);
  const results = outcome.results ?? [];
  const where = shownPath(context.workspace, root);
  const lines = [`${results.length} ${results.length === 1 ? 'match' : 'matches'} for ${JSON.stringify(pattern)} in ${where}`, ...results];
  if (outcome.stopped === 'matches') lines.push(`[stopped after ${SEARCH_LIMITS.maxMatches} matches]`);
  if (outcome.stopped === 'files') lines.push(`[stopped after ${SEARCH_LIMITS.maxFiles} files]`);
  return capOutput(lines.join('\n'), context.maxOutputBytes);
};

function runSearchWorker(workerData: Record<string, unknown>, signal: AbortSignal): Promise<SearchOutcome> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new ExecutionError('search_files: stopped before it started', 'EXECUTION_TIMEOUT'));
      return;
    }
    const worker = new Worker(SEARCH_WORKER_SOURCE, { eval: true, execArgv: [], workerData, resourceLimits: { maxOldGenerationSizeMb: 128 } });
    const onAbort = (): void => {
      void worker.terminate();
      reject(new ExecutionError('search_files: stopped (took too long)', 'EXECUTION_TIMEOUT'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (): void => signal.removeEventListener('abort', onAbort);
    worker.once('message', (message: SearchOutcome) => {
      settle();
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', (error) => {
      settle();
      reject(new ExecutionError(`search_files: ${error.message}`));
    });
    worker.once('exit', (code) => {
      settle();
      reject(new ExecutionError(`search_files: worker stopped (exit ${code})`));
    });
  });
}
