import type { ExecutionRequest, ExecutorPort } from '../pipeline/types.js';
import { runExecutor } from './run.js';

/**
 * Runs actions in the engine process itself: weak mode, when no mount namespace is available. A
 * folder swapped for a symlink between the checks and the action can then lead it outside the
 * workspace; `status` reports the missing layer.
 */
export function inProcessExecutor(workspace: string, redact: (text: string) => string): ExecutorPort {
  return {
    execute(request: ExecutionRequest) {
      return runExecutor(request.tool, request.payload, {
        workspace,
        timeoutMs: request.timeoutMs,
        maxOutputBytes: request.maxOutputBytes,
        protectedPaths: request.protectedPaths,
        protectedInodes: request.protectedInodes,
        redact,
      });
    },
  };
}
