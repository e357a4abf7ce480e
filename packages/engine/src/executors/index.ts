export { ExecutionError } from './errors.js';
export { capOutput, shownPath } from './output.js';
export { DEFAULT_EXECUTION_TIMEOUT_MS, DEFAULT_MAX_OUTPUT_BYTES, hasExecutor, runExecutor, type RunOptions } from './run.js';
export { SEARCH_LIMITS } from './search-files.js';
export type { ExecutionContext, Executor } from './types.js';
