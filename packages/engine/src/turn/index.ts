export { createTurnRunner, type TurnRequest, type TurnRunner, type TurnRunnerDeps } from './turn-runner.js';
export type { AgentTurns, EventBus, ModelRelay, ToolCalls, ToolCatalog, ToolProposalInput, TurnHandlers, TurnInput } from './ports.js';
export { createWorkspaceContext, CONTEXT_FILES, type WorkspaceContext } from './workspace-context.js';
export { titleFrom } from './history.js';
export { recoverUnfinishedTurns } from './recover-turns.js';
