import type { ActionRequest, EvaluationContext, Tier, Verdict } from '@parapet/shield';
import type { Logger } from '../logging/port.js';
import type { ErrorCode } from '@parapet/wire';
import type { Chronicle } from '../chronicle/chronicle.js';
import type { EventBody } from '@parapet/wire/client';
import type { Redactor } from '../redact/redactor.js';
import type { FlowLabel } from '../storage/labels.js';
import type { Store } from '../storage/open-store.js';
import type { PathAccess, ToolSpec } from '../tools/types.js';
import type { Span } from '../trace/span.js';
import type { ProtectedPaths } from './protected-paths.js';

/** The engine's view of the Shield (DESIGN §12: the port is declared by the package that needs it). */
export interface ShieldPort {
  evaluate(action: ActionRequest, context: EvaluationContext): Promise<Verdict>;
}

/** How a question to a human ended. */
export type ApprovalOutcome = 'approved' | 'denied' | 'expired' | 'cancelled' | 'capped';

/** What the approval stage hands the human tier: the action and everything needed to show it. */
export interface ApprovalAsk {
  readonly sessionId: string;
  readonly turnId: string;
  readonly toolName: string;
  readonly action: ActionRequest;
  readonly actionHash: string;
  /** The verdict that escalated (its reason redacted). */
  readonly escalation: Verdict;
  readonly targets: readonly Target[];
}

/** Shield tier 3 as the pipeline needs it (DESIGN §12: declared by the package that needs it). */
export interface ApprovalPort {
  /** Resolves with a tier-3 verdict (ALLOW only for a valid approval); never rejects. */
  ask(request: ApprovalAsk, turnSignal: AbortSignal | undefined): Promise<{ readonly verdict: Verdict; readonly outcome: ApprovalOutcome }>;
}

export interface ToolProposalInput {
  readonly sessionId: string;
  readonly turnId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly argumentsJson: string;
  /** Groups the agent loaded with load_tools in this turn. */
  readonly loadedGroups: ReadonlySet<string>;
  /** Aborted when the turn is cancelled: nothing of it runs after that. */
  readonly turnSignal?: AbortSignal;
  /** The turn's span this call is traced under (one child per call, one grandchild per stage). */
  readonly trace?: Span;
  /** What the turn read and what the user asked, as the engine recorded them (absent: unknown). */
  readonly shieldContext?: ShieldTurnContext;
}

/** The parts of the Shield's evaluation context only the turn knows. */
export type ShieldTurnContext = Required<Pick<EvaluationContext, 'contextText' | 'contextSignals' | 'userRequest'>>;

export interface ToolCallResult {
  /** What the model reads: the tool's output, or `[CODE] reason` when denied or failed. */
  readonly content: string;
  readonly isError: boolean;
  readonly errorCode?: ErrorCode;
}

/** One vetted action, as the execute stage hands it to the executor. */
export interface ExecutionRequest {
  readonly tool: string;
  /** The session that proposed the action (provenance for what the engine stores, e.g. memory). */
  readonly sessionId?: string;
  /** The turn and call that proposed it (a sub-agent links to them). */
  readonly turnId?: string;
  readonly callId?: string;
  /** Aborted when the proposing turn ends: an action that runs a turn of its own stops with it. */
  readonly turnSignal?: AbortSignal;
  /** Path fields hold canonical absolute paths inside the workspace. */
  readonly payload: Readonly<Record<string, unknown>>;
  /** The payload fields that hold paths. */
  readonly pathFields: readonly string[];
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly protectedPaths: readonly string[];
  readonly protectedInodes: () => ReadonlySet<string>;
}

/** Performs vetted actions: the confined executor child, or the engine itself in weak mode. */
export interface ExecutorPort {
  /** Resolves to the text the model sees; rejects with ExecutionError (or another ParapetError). */
  execute(request: ExecutionRequest): Promise<string>;
}

export interface PipelineDeps {
  readonly store: Store;
  readonly shield: ShieldPort;
  readonly redactor: Redactor;
  /** Canonical absolute workspace root. */
  readonly workspace: string;
  readonly executor: ExecutorPort;
  readonly protection: ProtectedPaths;
  /** Configured lowest tier allowed to ALLOW (protect may raise it per action). */
  readonly minTier: Tier;
  /** Highest tier the wired Shield can ALLOW with; actions needing more are refused up front. */
  readonly maxAllowTier: Tier;
  /** Tier 3; absent: an ESCALATE is a refusal. */
  readonly approvals: ApprovalPort | undefined;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  /** Keeps what an action may change, before it runs (stage 8). */
  readonly chronicle: Chronicle;
  /** The strict policy is in force: a secret never flows to a sink, not even with approval. */
  readonly ifcStrict: boolean;
  readonly logger: Logger;
  readonly now: () => Date;
  readonly newId: () => string;
}

/** A path the action touches, as resolved by enrich and checked again by verify. */
export interface Target {
  readonly field: string;
  readonly access: PathAccess;
  /** As the model wrote it. */
  readonly requested: string;
  /** Canonical absolute (symlinks followed; deepest existing parent for new files). */
  readonly path: string;
  readonly kind: 'file' | 'directory' | 'missing' | 'other';
  /** Content hash for files, identity for folders; compared again just before execution. */
  readonly fingerprint: string;
  /** `dev:ino` when the path exists (a hard link to engine state shares it). */
  readonly inode?: string;
  /** A regular file with a single name: no hard link to engine state (protect skips the inode check). */
  readonly soleLink?: boolean;
}

/** A script a shell command runs: its text as the Shield judged it, and the file checked again before it runs. */
export interface ScriptRead {
  /** The path as the Shield resolves it: the key of its text in `EvaluationContext.fileContents`. */
  readonly key: string;
  readonly text: string;
  readonly target: Target;
}

/** What the stages know about one proposal so far; each stage returns an extended copy. */
export interface ProposalContext {
  readonly proposal: ToolProposalInput;
  readonly emit: (body: EventBody) => void;
  readonly minTier: Tier;
  /** Why a stage raised minTier above the configured one (shown to the human who is asked). */
  readonly minTierReason?: string;
  readonly tool?: ToolSpec;
  /** Validated arguments, defaults filled. */
  readonly args?: Readonly<Record<string, unknown>>;
  /** Immutable; after enrich its path fields are canonical absolute paths. */
  readonly action?: ActionRequest;
  readonly actionHash?: string;
  readonly targets?: readonly Target[];
  /** Scripts a command runs, read for the Shield; verify checks them like targets. */
  readonly scripts?: readonly ScriptRead[];
  /** Set once the action row, the PROPOSED audit row and action_started exist. */
  readonly proposed?: boolean;
  /** The Shield's verdict, its reason redacted. */
  readonly verdict?: Verdict;
  /** When the Shield answered (RFC 3339). */
  readonly evaluatedAt?: string;
  /** Set once the verdict and its EVALUATED audit row are stored. */
  readonly verdictRecorded?: boolean;
  /** The chronicle snapshot taken before the action ran. */
  readonly snapshotId?: string;
  readonly output?: string;
  /** The redactor removed something from the output. */
  readonly redacted?: boolean;
  /** Where the result handed to the model came from (information-flow control). */
  readonly flowLabel?: { readonly label: FlowLabel; readonly source: string };
}

export interface Halt {
  readonly stage: string;
  readonly code: ErrorCode;
  /** Shown to the model and the user (redacted before it leaves the engine). */
  readonly message: string;
}

/** A halt may carry what the stage learned before it stopped (e.g. the verdict that denied). */
export type StageOutcome =
  | { readonly ok: true; readonly context: ProposalContext }
  | { readonly ok: false; readonly halt: Halt; readonly context?: ProposalContext };

/** `span` is the running stage's own, for what a stage times inside itself (the Shield's tiers). */
export type Stage = (context: ProposalContext, deps: PipelineDeps, span?: Span) => StageOutcome | Promise<StageOutcome>;

export function proceed(context: ProposalContext): StageOutcome {
  return { ok: true, context };
}

export function halt(stage: string, code: ErrorCode, message: string, context?: ProposalContext): StageOutcome {
  return context ? { ok: false, halt: { stage, code, message }, context } : { ok: false, halt: { stage, code, message } };
}
