import type { HostResolver, HttpSettings } from '../http/types.js';
import { httpRequestAction } from './http-action.js';
import { memorySearchAction, memoryWriteAction, type MemoryActionDeps } from './memory-actions.js';
import type { EngineAction } from './route.js';
import { spawnAgentAction, type SubagentPort } from './spawn-agent-action.js';

/** Every action the engine performs itself, by tool name; the rest run in the confined executor. */
export function createEngineActions(deps: {
  readonly http: HttpSettings;
  readonly memory: MemoryActionDeps;
  readonly subagents: SubagentPort;
  readonly resolve?: HostResolver;
}): ReadonlyMap<string, EngineAction> {
  return new Map<string, EngineAction>([
    ['http_request', httpRequestAction(deps.http, deps.resolve)],
    ['memory_write', memoryWriteAction(deps.memory)],
    ['memory_search', memorySearchAction(deps.memory)],
    ['spawn_agent', spawnAgentAction(deps.subagents)],
  ]);
}
