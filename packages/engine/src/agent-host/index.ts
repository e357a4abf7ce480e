export { createAgentHost } from './agent-host.js';
export { DEFAULT_RESTART } from './restart-policy.js';
export { permissionFlag, networkNamespacePrefix } from './sandbox-launch.js';
export type {
  AgentHost,
  AgentHostOptions,
  AgentHostStatus,
  AgentState,
  RestartOptions,
  SandboxReport,
} from './types.js';
