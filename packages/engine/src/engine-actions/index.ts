export { createEngineActions } from './engine-actions.js';
export { httpRequestAction } from './http-action.js';
export { memorySearchAction, memoryWriteAction, type MemoryActionDeps } from './memory-actions.js';
export { memoryLine } from './memory-file.js';
export { routeActions, type EngineAction } from './route.js';
export { spawnAgentAction, type SubagentPort, type SubagentRequest } from './spawn-agent-action.js';
