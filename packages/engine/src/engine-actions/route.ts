import type { ExecutionRequest, ExecutorPort } from '../pipeline/types.js';

/** An action the engine performs itself (network, its own database), after the same pipeline. */
export type EngineAction = (request: ExecutionRequest) => Promise<string>;

/**
 * One executor port for the pipeline: the tools named in `engineSide` run in the engine (HTTP
 * behind its address guard, memory with its index); every other action goes to the confined executor.
 */
export function routeActions(confined: ExecutorPort, engineSide: ReadonlyMap<string, EngineAction>): ExecutorPort {
  return {
    execute(request) {
      const action = engineSide.get(request.tool);
      return action ? action(request) : confined.execute(request);
    },
  };
}
