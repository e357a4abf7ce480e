import type { Decision, Tier } from '@parapet/shield';

export interface SessionRecord {
  readonly id: string;
  readonly title: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly messageCount: number;
}

export type MessageRole = 'user' | 'assistant' | 'tool';

export interface StoredToolCall {
  readonly id: string;
  readonly name: string;
  readonly argumentsJson: string;
}

/** One message of a turn's tool work: an assistant message calling tools, or a tool result. */
export interface StoredWorkMessage {
  readonly role: 'assistant' | 'tool';
  readonly content: string;
  readonly toolCalls: readonly StoredToolCall[];
  readonly toolCallId: string;
}

export interface UsageCounts {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

export interface NewMessage {
  readonly sessionId: string;
  readonly turnId: string;
  readonly role: MessageRole;
  readonly content: string;
  readonly thoughts?: string;
  readonly usage?: UsageCounts;
  readonly toolCalls?: readonly StoredToolCall[];
  readonly toolCallId?: string;
  /** An answer's tool work, in order (each content already capped). */
  readonly toolWork?: readonly StoredWorkMessage[];
}

export interface MessageRecord {
  readonly id: string;
  readonly sessionId: string;
  readonly turnId: string;
  readonly role: MessageRole;
  readonly content: string;
  readonly thoughts: string;
  readonly usage: UsageCounts;
  readonly toolCalls: readonly StoredToolCall[];
  readonly toolCallId: string;
  readonly toolWork: readonly StoredWorkMessage[];
  readonly createdAt: string;
}

export interface NewAction {
  readonly id: string;
  readonly sessionId: string;
  readonly turnId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly type: string;
  /** Store it redacted: this table is part of the audit trail. */
  readonly payload: Readonly<Record<string, unknown>>;
  readonly actionHash: string;
  readonly proposedAt: string;
}

export interface ActionVerdict {
  readonly decision: Decision;
  readonly tier: Tier;
  readonly confidence: number;
  readonly reason: string;
  readonly ruleIds: readonly string[];
}

export interface ActionResult {
  readonly isError: boolean;
  readonly errorCode?: string;
  /** Redacted; cut to the store's excerpt size. */
  readonly output: string;
}

export interface ActionRecord extends Omit<NewAction, 'payload'> {
  readonly payload: unknown;
  readonly verdict?: ActionVerdict & { readonly evaluatedAt: string };
  readonly result?: {
    readonly isError: boolean;
    readonly errorCode: string;
    readonly outputExcerpt: string;
    readonly completedAt: string;
  };
}

/**
 * What the audit trail records. REFUSED: denied before the Shield (parse or protect, a meta-tool
 * call the engine refused, a proposal over the per-reply cap or of a cancelled turn). ROLLED_BACK: a
 * chronicle rollback a user asked for. LABELED: a session gained an information-flow label.
 * SUBAGENT_STARTED / SUBAGENT_FINISHED: a spawn_agent call's child turn (on the parent's session).
 * EGRESS: a connection a command asked the egress proxy for, allowed or refused (`commands.network: proxy`).
 */
export const AUDIT_KINDS = [
  'PROPOSED',
  'EVALUATED',
  'EXECUTED',
  'FAILED',
  'REFUSED',
  'TURN_CANCELLED',
  'ENGINE_STARTED',
  'ENGINE_STOPPED',
  'AGENT_STARTED',
  'AGENT_REFUSED',
  'AGENT_CRASHED',
  'EXECUTOR_STARTED',
  'APPROVAL_REQUESTED',
  'APPROVAL_RESOLVED',
  'ROLLED_BACK',
  'LABELED',
  'SESSION_RENAMED',
  'SESSION_DELETED',
  'POLICY_GRANTED',
  'POLICY_REVOKED',
  'SUBAGENT_STARTED',
  'SUBAGENT_FINISHED',
  'EGRESS',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditEntry {
  /** When the step happened (RFC 3339), for a row written a little later; default: the time of writing. */
  readonly ts?: string;
  readonly sessionId?: string;
  readonly actionId?: string;
  /** Must already be redacted. */
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface AuditRow {
  readonly seq: number;
  readonly ts: string;
  readonly kind: string;
  readonly sessionId: string | null;
  readonly actionId: string | null;
  readonly data: string;
  readonly prevHash: string;
  readonly hash: string;
}

export interface AuditVerification {
  readonly ok: boolean;
  readonly rows: number;
  /** Seq of the first row that fails; 0 when ok. */
  readonly firstBadRow: number;
  readonly problem: string;
}
