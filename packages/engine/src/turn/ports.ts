import type {
  ChatMessage,
  ErrorCode,
  LlmPart,
  LlmRequest__Output,
  ResponseComplete__Output,
  ToolDef,
  ToolProposal__Output,
  WorkspaceFile,
} from '@parapet/wire';
import type { EngineEvent, EventBody } from '../events/types.js';

/** What a turn needs from the sandboxed agent (supplied by the agent host). */
export interface AgentTurns {
  runTurn(input: TurnInput, handlers: TurnHandlers, signal?: AbortSignal): Promise<ResponseComplete__Output>;
}

export interface TurnInput {
  readonly turnId: string;
  readonly sessionId: string;
  readonly message: string;
  readonly history: ChatMessage[];
  readonly context: WorkspaceFile[];
  readonly maxRounds: number;
}

export interface TurnHandlers {
  onTokenDelta(text: string): void;
  onLlmRequest(request: LlmRequest__Output, signal: AbortSignal): AsyncIterable<Omit<LlmPart, 'request_id'>>;
  onToolProposal(proposal: ToolProposal__Output): Promise<{ content: string; isError: boolean }>;
  onToolDefsRequest(groups: string[]): ToolDef[];
}

export interface ToolProposalInput {
  readonly sessionId: string;
  readonly turnId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly argumentsJson: string;
  readonly loadedGroups: ReadonlySet<string>;
}

/** The tool-call pipeline (DESIGN §5). */
export interface ToolCalls {
  run(
    proposal: ToolProposalInput,
    emit: (body: EventBody) => void,
  ): Promise<{ content: string; isError: boolean; errorCode?: ErrorCode }>;
}

/** Tool groups the agent may load with `load_tools`. */
export interface ToolCatalog {
  groupNames(): readonly string[];
  toolDefsFor(groups: readonly string[]): ToolDef[];
}

/** The engine's relay to the configured model, already in wire shape. */
export interface ModelRelay {
  stream(request: LlmRequest__Output, signal: AbortSignal): AsyncIterable<Omit<LlmPart, 'request_id'>>;
}

export interface EventBus {
  publish(sessionId: string, turnId: string, body: EventBody): EngineEvent;
  subscribe(sessionId: string): AsyncIterable<EngineEvent> & { close(): void };
}
