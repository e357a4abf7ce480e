import type { ErrorCode, LlmPart, LlmRequest__Output, ToolDef } from '@parapet/wire';
import type { EngineEvent, EventBody, TokenUsage } from '@parapet/wire/client';
import type { RelayNotice } from '../llm/index.js';
import type { Halt, MetaToolCall, ToolCallResult, ToolProposalInput } from '../pipeline/index.js';
import type { StoredToolCall } from '../storage/index.js';

/*
 * What a turn needs from the rest of the engine, in the engine's own types; the agent host converts
 * at the agent's wire (agent-host/turn-codec.ts). A model call stays in the wire's shape: the engine
 * relays it between the agent and the provider part by part, and reads only its usage.
 */

/** What a turn needs from the sandboxed agent (the agent host supplies it). */
export interface AgentTurns {
  runTurn(input: TurnInput, handlers: TurnHandlers, signal?: AbortSignal): Promise<TurnReply>;
}

/** A prompt file (IDENTITY.md, SOUL.md, …) as a turn sends it: redacted, cut to size. */
export interface PromptFile {
  readonly name: string;
  readonly content: string;
}

/** One message of the history a turn sends: the user's words, an answer, a tool call or its result. */
export interface HistoryEntry {
  readonly role: 'user' | 'assistant' | 'tool';
  readonly content: string;
  /** An assistant message's tool calls. */
  readonly toolCalls?: readonly StoredToolCall[];
  /** A tool result: the call it answers. */
  readonly toolCallId?: string;
}

/** A tool call the agent proposes. */
export interface ToolCallProposal {
  readonly callId: string;
  readonly toolName: string;
  readonly argumentsJson: string;
}

/** The agent's `load_tools` call: the groups it asks for (none when its arguments did not parse). */
export interface ToolGroupsRequest {
  readonly callId: string;
  readonly groups: readonly string[];
  readonly argumentsJson: string;
}

/** One message of the tool work the agent reports: an assistant message calling tools, or a result. */
export interface ReportedWorkMessage {
  readonly role: string;
  readonly content: string;
  readonly toolCalls: readonly StoredToolCall[];
  readonly toolCallId: string;
}

/** How the agent ended a turn: its answer, and its account of the turn's tool work (checked before it is stored). */
export interface TurnReply {
  readonly content: string;
  readonly thoughts: string;
  readonly usage: TokenUsage;
  readonly rounds: number;
  readonly toolWork: readonly ReportedWorkMessage[];
}

/** Why the engine refuses a proposal without running it. */
export interface ProposalRefusal {
  readonly code: ErrorCode;
  readonly message: string;
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
  onToolProposal(proposal: ToolCallProposal, turnSignal: AbortSignal): Promise<{ content: string; isError: boolean }>;
  /**
   * Records a proposal the host refuses without running it (over the per-reply cap, or the turn was
   * cancelled); `load_tools` calls arrive here as proposals of that name.
   */
  onRefusedProposal(proposal: ToolCallProposal, refusal: ProposalRefusal): { content: string; isError: boolean };
  /** Answers a `load_tools` call: the requested groups' tools (recorded as loaded for the turn), audited. */
  onToolDefsRequest(request: ToolGroupsRequest): ToolDef[];
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
  history: readonly HistoryEntry[];
  /** The summary of everything before `history` (absent or empty: none). */
  earlierSummary?: string;
  /** > 0: the agent folds this many history messages into the summary before its first round. */
  compactBefore?: number;
  context: readonly PromptFile[];
  maxRounds: number;
  /** Tool calls (load_tools included) of one model reply that the host lets through; the rest are refused. */
  maxToolCallsPerReply: number;
  /** Tokens (as the provider reports them) the turn's model calls may use; past it the turn ends with a message. Absent or 0: no cap. */
  maxTurnTokens?: number;
}


/** The tool-call pipeline (DESIGN §5). */
export interface ToolCalls {
  run(proposal: ToolProposalInput, emit: (body: EventBody) => void): Promise<ToolCallResult>;
  /** Audits a proposal refused without running it. */
  refuse(proposal: ToolProposalInput, refusal: Halt, emit: (body: EventBody) => void): ToolCallResult;
  /** Audits a meta-tool call (`load_tools`) the engine answered. */
  recordMetaCall(call: MetaToolCall): void;
}

/** Tool groups the agent may load with `load_tools`. */
export interface ToolCatalog {
  groupNames(): readonly string[];
  toolDefsFor(groups: readonly string[]): ToolDef[];
  /** True only for a known tool that changes nothing (such calls of one reply may run together). */
  isReadOnly(toolName: string): boolean;
}

/** The engine's relay to the configured models, already in wire shape; `notify` hears of retries and failovers. */
export interface ModelRelay {
  stream(request: LlmRequest__Output, signal: AbortSignal, notify?: (notice: RelayNotice) => void): AsyncIterable<Omit<LlmPart, 'request_id'>>;
}

export interface EventBus {
  publish(sessionId: string, turnId: string, body: EventBody): EngineEvent;
  /** Batches of the session's events, in order (see Subscription). */
  subscribe(sessionId: string): AsyncIterable<readonly EngineEvent[]> & {
    /** True once the bus gave up on this reader; its last batch holds the farewell. */
    readonly dropped: boolean;
    onDropped(listener: () => void): void;
    close(): void;
  };
}
