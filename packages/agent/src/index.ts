export { runAgentSession, type ReadyInfo, type SessionEnd } from './session/agent-session.js';
export { reasonTurn, type TurnSpec, type TurnOutcome } from './loop/run-turn.js';
export type { TurnChannel } from './loop/turn-channel.js';
export { LOAD_TOOLS, parseLoadToolsArguments } from './loop/load-tools.js';
export { assembleSystemPrompt, CONTEXT_FILE_ORDER } from './context/system-prompt.js';
export type { AgentTransport } from './transport/agent-transport.js';
export { connectToEngine } from './transport/engine-session.js';
export { AsyncQueue, QueueClosedError } from './transport/async-queue.js';
