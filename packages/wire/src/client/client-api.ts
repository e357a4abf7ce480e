import type { ApprovalView, EngineEvent, TokenUsage } from './events.js';
import type { AdminApi } from './admin-api.js';
import type { ChronicleApi } from './chronicle-api.js';
import type { TraceApi } from './trace-api.js';

/** How strictly the agent is sandboxed: `weak` runs it without a layer strict mode requires. */
export type SandboxMode = 'strict' | 'weak';

/** Where a message came from; each client adapter names itself. */
export type Channel = 'cli' | 'web' | 'telegram';

export interface SendMessageInput {
  /** Absent: start a new session. */
  readonly sessionId?: string;
  readonly text: string;
}

export interface SessionSummary {
  readonly id: string;
  readonly title: string;
  /** RFC 3339. */
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly messageCount: number;
}

export interface HistoryMessage {
  readonly id: string;
  readonly role: string;
  readonly content: string;
  readonly thoughts: string;
  /** Absent for messages that did not come from a model (the user's own). */
  readonly usage: TokenUsage | null;
  readonly createdAt: string;
  readonly turnId: string;
}

/** Which page of a session's history to read. */
export interface HistoryPageRequest {
  /** A previous page's `nextPageToken`; absent: the first (oldest) page. */
  readonly pageToken?: string;
  /** Most messages in the page; absent: the engine's default. */
  readonly limit?: number;
}

/** One page of a session's messages, oldest first. */
export interface SessionHistory {
  readonly session: SessionSummary;
  readonly messages: readonly HistoryMessage[];
  /** Reads on from here; empty on the last page. */
  readonly nextPageToken: string;
}

export interface CanaryProbe {
  readonly probe: string;
  /** True means the sandbox layer this probe tests is missing. */
  readonly succeeded: boolean;
  readonly detail: string;
}

export interface SandboxSnapshot {
  readonly mode: SandboxMode;
  readonly permissionModel: boolean;
  readonly networkNamespace: boolean;
  readonly emptyEnvironment: boolean;
  readonly canaries: readonly CanaryProbe[];
  /** Actions run in the confined executor (a mount namespace holding only the workspace and system files). */
  readonly executorConfined: boolean;
  /** Names of the layers not in force. */
  readonly missing: readonly string[];
}

export interface CommandSnapshot {
  /** Confinement layers in force for every shell or git command, by name. */
  readonly layers: readonly string[];
  readonly network: boolean;
}

export interface ShieldTierSnapshot {
  readonly tier: number;
  readonly name: string;
  readonly available: boolean;
  readonly detail: string;
}

export interface TelegramStatusSnapshot {
  /** off (no `telegram:` section) | not_started (detail says why) | starting | polling | retrying | stopped */
  readonly state: string;
  readonly detail: string;
  readonly botUsername: string;
  /** RFC 3339 time the last update arrived; empty before the first. */
  readonly lastUpdateAt: string;
  readonly allowedUsers: number;
  /** Failed polls since the start (each one retried). */
  readonly pollFailures: number;
  /** When and why the last poll failed (e.g. a 409 conflict); kept after polling recovers, empty if none did. */
  readonly lastFailure: string;
}

export interface EngineStatusSnapshot {
  readonly engine: {
    readonly pid: number;
    readonly version: string;
    readonly uptimeMs: number;
    readonly home: string;
    readonly workspace: string;
  };
  readonly agent: {
    readonly pid: number;
    readonly ready: boolean;
    readonly restarts: number;
    readonly lastError: string;
    /** starting | ready | restarting | failed | stopped */
    readonly state: string;
    /** The agent keeps dying; it is still restarted, with capped backoff. */
    readonly degraded: boolean;
    readonly nextRestartMs: number;
  };
  readonly executor: { readonly pid: number; readonly ready: boolean; readonly restarts: number; readonly lastError: string };
  readonly sandbox: SandboxSnapshot;
  readonly model: { readonly baseUrl: string; readonly model: string; readonly demo: boolean };
  /** Every configured model with its circuit breaker, the primary first. */
  readonly models: readonly ModelRouteStatusSnapshot[];
  readonly shield: { readonly policy: string; readonly tiers: readonly ShieldTierSnapshot[] };
  readonly commands: CommandSnapshot;
  readonly telegram: TelegramStatusSnapshot;
  readonly approvals: ApprovalsSnapshot;
  /** Sessions holding a secret or external label, most recent first (`parapet history ID` says where each came from). */
  readonly labeledSessions: readonly LabeledSessionSnapshot[];
}

export interface LabeledSessionSnapshot {
  readonly sessionId: string;
  readonly labels: readonly string[];
  readonly lastLabeledAt: string;
}

export interface ModelRouteStatusSnapshot {
  readonly role: 'primary' | 'fallback';
  readonly baseUrl: string;
  readonly model: string;
  /** closed | open | half_open */
  readonly state: string;
  readonly consecutiveFailures: number;
  /** RFC 3339 while open; empty otherwise. */
  readonly openUntil: string;
  readonly lastFailure: string;
}

export interface AuditRecord {
  readonly seq: number;
  readonly ts: string;
  readonly kind: string;
  readonly sessionId: string;
  readonly actionId: string;
  /** Canonical JSON, as hashed. */
  readonly dataJson: string;
  readonly prevHash: string;
  readonly hash: string;
}

export interface AuditPageRequest {
  readonly sessionId?: string;
  readonly kind?: string;
  /** 0 or absent: from the newest row. */
  readonly beforeSeq?: number;
  readonly limit: number;
}

export interface ShieldStats {
  readonly bucketSeconds: number;
  /** Oldest bucket first. */
  readonly verdicts: readonly { readonly bucketStart: string; readonly tier: number; readonly decision: string; readonly count: number }[];
  readonly latencies: readonly { readonly tier: number; readonly count: number; readonly p50Us: number; readonly p90Us: number; readonly p99Us: number }[];
  readonly topRules: readonly { readonly ruleId: string; readonly count: number }[];
  readonly evaluations: number;
}

/** A one-time link that logs a browser into the web UI. */
export interface WebLoginLink {
  readonly url: string;
  /** RFC 3339. */
  readonly expiresAt: string;
}

/** Shield tier 3 as `status` shows it. */
export interface ApprovalsSnapshot {
  readonly enabled: boolean;
  /** Channels that can answer. */
  readonly channels: readonly string[];
  readonly pending: number;
  readonly timeoutMs: number;
  /** Questions per session per hour. */
  readonly hourlyCap: number;
  /** Clients watching every session's approvals right now. */
  readonly watchers: number;
}

/** What to follow: one session's events, or (no sessionId) every session's approvals. */
export interface WatchInput {
  readonly sessionId?: string;
  /** Replay stored events with a seq above this first (bounded); absent: live events only. */
  readonly afterSeq?: number;
}

/** A human's answer to a pending approval. */
export interface ApprovalDecisionInput {
  readonly approvalId: string;
  /** Must equal the approval's action hash. */
  readonly actionHash: string;
  readonly approve: boolean;
  readonly scope: 'once' | 'session';
  readonly channel: Channel;
  readonly answeredBy: string;
}

export interface AuditVerification {
  readonly ok: boolean;
  readonly rows: number;
  /** 0 when the chain holds. */
  readonly firstBadRow: number;
  readonly problem: string;
}

/**
 * What a stream of events yields: one event, or several in order (what the engine published since
 * the reader last took some), which a sender writes out in one go.
 */
export type EventStreamItem = EngineEvent | readonly EngineEvent[];

/** What a reader of an event stream may be told besides the events. */
export interface EventStreamHooks {
  /** The stream is subscribed: every event from now on reaches it. */
  readonly onLive?: () => void;
  /**
   * The engine gave up on this reader (it stopped reading): a sender stops waiting for its client,
   * takes the farewell `error` event (SUBSCRIBER_DROPPED) and ends the call.
   */
  readonly onDropped?: () => void;
}

/**
 * The engine's ClientService in domain types: the one entry point every client drives (the CLI over
 * gRPC, the web UI over its socket, Telegram in-process). Implementations throw ParapetError
 * (INVALID_ARGUMENT, SESSION_NOT_FOUND, …) for bad requests before the first event.
 */
export interface ClientApi extends ChronicleApi, AdminApi, TraceApi {
  sendMessage(request: SendMessageInput, signal: AbortSignal, hooks?: EventStreamHooks): AsyncIterable<EventStreamItem>;
  /** Ends when `signal` aborts, or after the farewell when the engine drops a reader that stopped reading. */
  watch(request: WatchInput, signal: AbortSignal, hooks?: EventStreamHooks): AsyncIterable<EventStreamItem>;
  listSessions(limit: number): Promise<readonly SessionSummary[]>;
  getHistory(sessionId: string, page?: HistoryPageRequest): Promise<SessionHistory>;
  status(): Promise<EngineStatusSnapshot>;
  verifyAudit(): Promise<AuditVerification>;
  /** Audit rows, newest first (the web UI's audit view). */
  listAudit(request: AuditPageRequest): Promise<readonly AuditRecord[]>;
  /** The Shield dashboard's figures. */
  shieldStats(bucketSeconds: number): Promise<ShieldStats>;
  /** WEB_DISABLED when the engine serves no web UI. */
  createWebLogin(): Promise<WebLoginLink>;
  resolveApproval(decision: ApprovalDecisionInput): Promise<ApprovalView>;
  listApprovals(options: { readonly pendingOnly: boolean; readonly limit?: number }): Promise<readonly ApprovalView[]>;
}
