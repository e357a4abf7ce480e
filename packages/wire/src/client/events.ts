/** A Shield verdict's decision as the wire carries it (the Shield's own `Decision`). */
export type VerdictDecision = 'ALLOW' | 'BLOCK' | 'ESCALATE';

export interface TokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

/** What every engine event carries: which session and turn, its order, and when. */
export interface EventEnvelope {
  readonly sessionId: string;
  readonly turnId: string;
  /** Monotonic per session, assigned by the broadcaster. */
  readonly seq: number;
  /** RFC 3339. */
  readonly ts: string;
}

/** A question to a human (Shield tier 3) as every client sees it; texts are redacted. */
export interface ApprovalView {
  readonly id: string;
  readonly sessionId: string;
  readonly turnId: string;
  readonly actionId: string;
  readonly toolName: string;
  readonly actionType: string;
  /** An answer must carry it: it binds the answer to this exact action. */
  readonly actionHash: string;
  /** What will happen: the command, the path(s). */
  readonly summary: string;
  /** For writes: the change to the file. */
  readonly diff: string;
  readonly reason: string;
  readonly ruleIds: readonly string[];
  readonly requestedAt: string;
  readonly expiresAt: string;
  /** pending | approved | denied | expired | cancelled */
  readonly state: string;
  /** once | session once approved; empty otherwise. */
  readonly scope: string;
  readonly answeredBy: string;
  readonly channel: string;
  readonly answeredAt: string;
}

/** The pipeline events of DESIGN §8, shared by every sender (gRPC, WebSocket, Telegram). */
export type EventBody =
  | { readonly type: 'session_created'; readonly title: string }
  | { readonly type: 'message_stored'; readonly messageId: string; readonly role: 'user' | 'assistant' }
  /**
   * The message is durable and waits: for the session's earlier turns (message_stored follows when
   * it starts), or, `daemonAtCapacity`, for `turnsAhead` of the turns the daemon runs at its cap to end.
   */
  | { readonly type: 'turn_queued'; readonly turnsAhead: number; readonly daemonAtCapacity: boolean }
  /** On the parent's session: a sub-agent of its turn started or ended (its turn streams on `childSessionId`). */
  | {
      readonly type: 'subagent';
      readonly childSessionId: string;
      readonly childTurnId: string;
      readonly parentCallId: string;
      readonly depth: number;
      readonly finished: boolean;
      /** How the child's turn failed; empty while it runs and when it answered. */
      readonly errorCode: string;
    }
  | { readonly type: 'llm_token'; readonly text: string }
  /** A tool result gave the session an information-flow label; `source` names the read. */
  | { readonly type: 'session_labeled'; readonly label: 'secret' | 'external'; readonly source: string; readonly actionId: string }
  /** The oldest `foldedMessages` history messages (and any earlier summary) became one summary. */
  | { readonly type: 'history_compacted'; readonly foldedMessages: number }
  | {
      readonly type: 'action_started';
      readonly actionId: string;
      readonly callId: string;
      readonly toolName: string;
      readonly actionType: string;
      /** Redacted. */
      readonly argumentsJson: string;
      readonly actionHash: string;
    }
  | {
      readonly type: 'shield_verdict';
      readonly actionId: string;
      readonly decision: VerdictDecision;
      readonly tier: number;
      readonly confidence: number;
      readonly reason: string;
      readonly ruleIds: readonly string[];
      readonly latencyUs: number;
    }
  | {
      readonly type: 'action_completed';
      readonly actionId: string;
      readonly callId: string;
      readonly toolName: string;
      readonly isError: boolean;
      /** Redacted and size-capped. */
      readonly output: string;
      /** Stable code when isError (e.g. SHIELD_BLOCKED, PATH_OUTSIDE_WORKSPACE). */
      readonly errorCode: string;
    }
  | {
      readonly type: 'response_complete';
      readonly messageId: string;
      readonly content: string;
      readonly thoughts: string;
      readonly usage: TokenUsage;
    }
  | { readonly type: 'approval_required'; readonly approval: ApprovalView }
  | { readonly type: 'approval_resolved'; readonly approval: ApprovalView }
  | { readonly type: 'error'; readonly code: string; readonly message: string; readonly retryable: boolean }
  /** A model call failed before any token reached the client and is tried again. */
  | {
      readonly type: 'llm_retry';
      readonly attempt: number;
      readonly maxRetries: number;
      readonly model: string;
      readonly code: string;
      readonly reason: string;
      readonly delayMs: number;
    }
  /** The turn's model call moved to another configured model. */
  | { readonly type: 'model_failover'; readonly fromModel: string; readonly toModel: string; readonly reason: string }
  /** The turn passed guardrails.max_turn_tokens and ends here, cleanly. */
  | { readonly type: 'turn_capped'; readonly tokensUsed: number; readonly tokenCap: number; readonly message: string };

export type EngineEvent = EventEnvelope & EventBody;

export type EventType = EventBody['type'];
