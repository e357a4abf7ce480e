export { createAgentHost } from './agent-host.js';
export { DEFAULT_RESTART } from './restart-policy.js';
export { permissionFlag, networkNamespacePrefix } from './sandbox-launch.js';
export type {
  AgentHost,
  AgentHostLogger,
  AgentHostOptions,
  AgentHostStatus,
  ProposalRefusal,
  AgentState,
  ResponseComplete__Output,
  RestartOptions,
  SandboxReport,
  ToolProposal__Output,
  TurnHandlers,
  TurnInput,
} from './types.js';
