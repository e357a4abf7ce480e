import type { CanaryResult__Output, ToolDef, ToolGroup } from '@parapet/wire';
import type { SandboxMode } from '@parapet/wire/client';
import type { Logger } from '../logging/port.js';
import type { TurnHandlers, TurnInput, TurnReply } from '../turn/ports.js';

export interface RestartOptions {
  /** More deaths than this inside the window mark the agent degraded (default 5); it is still restarted. */
  max: number;
  windowMs: number;
  /** First restart delay; doubles with each death still inside the window. */
  baseBackoffMs: number;
  /** The delay never grows past this. */
  maxBackoffMs: number;
}

export interface AgentHostOptions {
  /** Created 0700 if missing; holds agent.sock (0600). Must be outside the workspace. */
  runtimeDir: string;
  workspace: string;
  /** Absolute path of agent.bundle.cjs: the only file the agent may read. */
  agentEntry: string;
  /** `weak` runs an agent whose fs/process canaries succeeded (loudly logged); `strict` refuses it. */
  sandbox: SandboxMode;
  initialToolDefs: { tools: ToolDef[]; groups: ToolGroup[] };
  logger: Logger;
  restart?: RestartOptions;
  /** False: start the agent without its own network namespace (strict mode then refuses it). Default true. */
  networkNamespace?: boolean;
  /** How long a spawned agent has to connect and send an accepted `ready` (default 10 s). */
  readyTimeoutMs?: number;
}

export interface SandboxReport {
  mode: SandboxMode;
  /** Node's permission model was requested and the fs-read, fs-write and spawn canaries were denied. */
  permissionModel: boolean;
  /** The agent runs in a fresh network namespace and the TCP canary was denied. */
  networkNamespace: boolean;
  emptyEnvironment: boolean;
  canaries: CanaryResult__Output[];
  /** Human-readable names of the layers not in force. */
  missing: string[];
}

export type AgentState = 'starting' | 'ready' | 'restarting' | 'failed' | 'stopped';

export interface AgentHostStatus {
  pid: number;
  ready: boolean;
  state: AgentState;
  /** The agent died more than the allowed times within the restart window and is being retried with backoff. */
  degraded: boolean;
  /** Milliseconds until the next restart attempt; 0 when none is pending. */
  nextRestartMs: number;
  restarts: number;
  lastError: string;
  sandbox: SandboxReport;
}

export interface AgentHost {
  /** Spawns the agent and waits for an accepted `ready`. Rejects SANDBOX_UNSAFE (strict) or AGENT_UNAVAILABLE. */
  start(): Promise<void>;
  /**
   * Runs one turn, beside any others in flight (they wait only while the agent is not ready). Rejects with a ParapetError: AGENT_CRASHED
   * when the agent dies mid-turn, MAX_ROUNDS / LLM_* / … from the agent's `agent_error`,
   * TURN_CANCELLED when `signal` aborts, AGENT_UNAVAILABLE when the agent is not running (never
   * started, stopped, or degraded and waiting for its next restart).
   */
  runTurn(input: TurnInput, handlers: TurnHandlers, signal?: AbortSignal): Promise<TurnReply>;
  status(): AgentHostStatus;
  stop(): Promise<void>;
}
