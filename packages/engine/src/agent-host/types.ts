import type {
  CanaryResult__Output,
  ChatMessage,
  LlmPart,
  LlmRequest__Output,
  ResponseComplete__Output,
  ErrorCode,
  ToolDef,
  ToolDefsRequest__Output,
  ToolGroup,
  ToolProposal__Output,
  WorkspaceFile,
} from '@parapet/wire';
import type { SandboxMode } from '@parapet/wire/client';

export type { ResponseComplete__Output, ToolDefsRequest__Output, ToolProposal__Output };

/** Why the engine refuses a proposal without running it. */
export interface ProposalRefusal {
  readonly code: ErrorCode;
  readonly message: string;
}

/** Pino-compatible: a pino logger can be passed as is. */
export interface AgentHostLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

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
  logger: AgentHostLogger;
  restart?: RestartOptions;
  /** False: start the agent without its own network namespace (strict mode then refuses it). Default true. */
  networkNamespace?: boolean;
  /** How long a spawned agent has to connect and send an accepted `ready` (default 10 s). */
  readyTimeoutMs?: number;
}

export interface TurnHandlers {
  onTokenDelta(text: string): void;
  /**
   * Performs one model call. The host sends each part as `llm_part` with the request's id. The stream
   * must end with a `finish` or an `error` part; a stream that just stops is relayed as LLM_ERROR,
   * and a thrown error as an `error` part (its ParapetError code, else LLM_ERROR).
   */
  onLlmRequest(request: LlmRequest__Output, signal: AbortSignal): AsyncIterable<Omit<LlmPart, 'request_id'>>;
  /**
   * Runs the proposal through the tool-call pipeline; `turnSignal` aborts when the turn ends, after
   * which nothing of it may run. A throw is returned to the agent as an error result.
   */
  onToolProposal(proposal: ToolProposal__Output, turnSignal: AbortSignal): Promise<{ content: string; isError: boolean }>;
  /**
   * Records a proposal the host refuses without running it (over the per-reply cap, or the turn was
   * cancelled); `load_tools` calls arrive here as proposals of that name.
   */
  onRefusedProposal(proposal: ToolProposal__Output, refusal: ProposalRefusal): { content: string; isError: boolean };
  /** Answers a `load_tools` call: the requested groups' tools (recorded as loaded for the turn), audited. */
  onToolDefsRequest(request: ToolDefsRequest__Output): ToolDef[];
  /** The turn passed its token cap and ends with `message` (before its answer is stored). */
  onTokenCap?(tokensUsed: number, tokenCap: number, message: string): void;
  /** A durable fact the agent's compaction found: written to memory through the tool-call pipeline. Absent: dropped. */
  onMemoryFlush?(content: string, turnSignal: AbortSignal): Promise<void>;
  /** The agent folded the first `covered` history messages (and the earlier summary) into `summary`. Absent: ignored. */
  onHistoryCompacted?(summary: string, covered: number): void;
}

export interface TurnInput {
  turnId: string;
  sessionId: string;
  message: string;
  history: ChatMessage[];
  /** The summary of everything before `history` (absent or empty: none). */
  earlierSummary?: string;
  /** > 0: the agent folds this many history messages into the summary before its first round. */
  compactBefore?: number;
  context: WorkspaceFile[];
  maxRounds: number;
  /** Tool calls (load_tools included) of one model reply that the host lets through; the rest are refused. */
  maxToolCallsPerReply: number;
  /** Tokens (as the provider reports them) the turn's model calls may use; past it the turn ends with a message. Absent or 0: no cap. */
  maxTurnTokens?: number;
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
  runTurn(input: TurnInput, handlers: TurnHandlers, signal?: AbortSignal): Promise<ResponseComplete__Output>;
  status(): AgentHostStatus;
  stop(): Promise<void>;
}
