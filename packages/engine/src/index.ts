export {
  ConfigError,
  canonicalPath,
  defaultConfigYaml,
  ensureDirectories,
  expandTilde,
  isWithin,
  loadConfig,
  resolveHome,
  type EngineConfig,
  type EnginePaths,
  type LlmConfig,
  type LoadConfigOptions,
  type PolicyChoice,
} from './config/index.js';
export { createBroadcaster, type Broadcaster, type BroadcasterOptions, type Subscription } from './events/index.js';
export type { EngineEvent, EventBody, EventEnvelope, EventType, TokenUsage } from './events/types.js';
export { openStore, verifyAuditFile, type AuditVerification as StoreAuditVerification, type Store } from './storage/index.js';
export { createLogger, type Logger } from './logging/index.js';
export { createRedactor, createStreamRedactor, type Redactor, type StreamRedactor } from './redact/index.js';
export { startClientServer, type ClientServer, type ClientServerOptions } from './server/client-server.js';
export { writeClientToken } from './server/client-token.js';
// Everything a client process needs is also reachable without loading the engine (./client).
export {
  auditFromProto,
  eventFromProto,
  historyFromProto,
  sendRequestToProto,
  sessionsFromProto,
  statusFromProto,
  type AuditVerification,
  type ChronicleApi,
  type TraceApi,
  type Channel,
  type ClientApi,
  type EngineStatusSnapshot,
  type HistoryMessage,
  type SandboxSnapshot,
  type SendMessageInput,
  type SessionHistory,
  type SessionSummary,
  type ShieldTierSnapshot,
} from './client.js';
export { createTurnRunner, type TurnRunner, type TurnRunnerDeps } from './turn/index.js';
export { createAgentHost, type AgentHost, type AgentHostOptions, type SandboxReport } from './agent-host/index.js';
export { DEMO_MODEL_NAME, startDemoModel } from './demo/index.js';
export { createLlmRelay, type LlmRelay, type RelayPart } from './llm/index.js';
export { createToolPipeline, type ToolPipeline } from './pipeline/index.js';
export { startEngine, classifierDir, type RunningEngine } from './app/start-engine.js';
export { findTool } from './tools/index.js';
