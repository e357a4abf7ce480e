export { createTurnRunner, type TurnRunner, type TurnRunnerDeps } from './turn-runner.js';
export type { AgentTurns, EventBus, ModelRelay, ToolCalls, ToolCatalog, TurnHandlers, TurnInput, TurnReply } from './ports.js';
export { createWorkspaceContext, CONTEXT_FILES, type WorkspaceContext } from './workspace-context.js';
export { titleFrom } from './history.js';
export { recoverUnfinishedTurns } from './recover-turns.js';
