import type { CompiledPolicy } from './tiers/policy/policy.js';
import type { ActionRequest, Verdict } from './types.js';

/** Tier 2: a separate model that answers a prompt; the adapter does transport only. */
export interface EvaluatorModel {
  /** Returns the raw assistant text. Must reject on transport error; `signal` aborts on timeout. */
  complete(request: {
    readonly system: string;
    readonly user: string;
    readonly signal: AbortSignal;
  }): Promise<string>;
}

/** Tier 1b: prompt-injection probability for a text (0 = safe, 1 = injection). */
export interface Classifier {
  classify(text: string): Promise<{ readonly injection: number }>;
  /** Shown by `status()`, e.g. the model folder and its pinned hash. */
  describe?(): string;
}

/** Persisted daily spend of tier-2 calls, keyed by `YYYY-MM-DD` (UTC). */
export interface BudgetStore {
  spent(day: string): number;
  add(day: string, calls: number): void;
}

export interface ApprovalRequest {
  readonly action: ActionRequest;
  readonly actionHash: string;
  /** The verdict that escalated, so the human sees why they are asked. */
  readonly escalation: Verdict;
  readonly timeoutMs: number;
}

export interface ApprovalAnswer {
  readonly approved: boolean;
  /** Must equal the request's hash: an answer is bound to one exact action. */
  readonly actionHash: string;
  readonly by?: string;
}

/** Tier 3: delivered by the host (engine: every connected client). First valid answer wins. */
export interface HumanApprover {
  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer>;
}

/**
 * Tier 0: the user's durable grants, allow rules a person made from actions they approved. Asked
 * on every evaluation, so a grant added or removed applies to the next action.
 */
export interface UserGrants {
  current(): CompiledPolicy | undefined;
}

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface Clock {
  /** Wall-clock milliseconds since the epoch. */
  now(): number;
  /** Monotonic high-resolution time in microseconds (for latencies). */
  monotonicUs(): number;
}

export const noopLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonicUs: () => Number(process.hrtime.bigint() / 1000n),
};

export interface ShieldPorts {
  readonly evaluatorModel?: EvaluatorModel;
  readonly classifier?: Classifier;
  readonly budgetStore?: BudgetStore;
  readonly humanApprover?: HumanApprover;
  readonly userGrants?: UserGrants;
  readonly logger?: Logger;
  readonly clock?: Clock;
}
