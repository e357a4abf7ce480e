import type { LlmPart, LlmRequest__Output, ResponseComplete__Output, ToolDef } from '@parapet/wire';
import type { TurnHandlers, TurnInput } from '../agent-host/index.js';
import type { EngineEvent, EventBody } from '@parapet/wire/client';
import type { RelayNotice } from '../llm/index.js';
import type { Halt, MetaToolCall, ToolCallResult, ToolProposalInput } from '../pipeline/index.js';

export type { MetaToolCall, TurnHandlers, TurnInput, ToolProposalInput };

/** What a turn needs from the sandboxed agent (the agent host supplies it). */
export interface AgentTurns {
  runTurn(input: TurnInput, handlers: TurnHandlers, signal?: AbortSignal): Promise<ResponseComplete__Output>;
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
