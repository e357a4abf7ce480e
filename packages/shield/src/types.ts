/** The three answers the Shield can give. */
export type Decision = 'ALLOW' | 'BLOCK' | 'ESCALATE';

/** 0 policy · 1 heuristics + classifier · 2 LLM evaluator · 3 human. */
export type Tier = 0 | 1 | 2 | 3;

/** An action a (possibly compromised) agent proposes. Immutable once built. */
export interface ActionRequest {
  readonly id: string;
  /** Canonical or alias type name, e.g. `write_file`, `shell_command`. */
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly session?: string;
  readonly ts?: string;
}

/**
 * The user's own words behind an action, as the caller stored them before the agent saw them. The
 * agent cannot forge this; it is never text a model wrote or a tool read.
 */
export interface UserRequest {
  /** What the user typed in the turn that led to the action. */
  readonly text: string;
  /**
   * The conversation also carried content from elsewhere (a page, a file, a mail, tool output)
   * that may have steered the agent: the user's words then clear nothing.
   */
  readonly untrustedContent: boolean;
}

export interface EvaluationContext {
  /** Lowest tier allowed to ALLOW for this call (the caller may raise the configured one). */
  readonly minTier?: Tier;
  /** Canonical absolute workspace root; paths inside it are the user's own. */
  readonly workspace?: string;
  /**
   * The action's paths as the caller resolved them (canonical, symlinks followed) just before
   * asking; the Shield takes these as they are. The caller must check before use that each still
   * resolves there (the engine's verify stage does).
   */
  readonly resolvedPaths?: ReadonlySet<string>;
  /**
   * The text of files the action runs (a script a command line starts: see `scriptsRunBy`), by
   * the absolute path `scriptsRunBy` gave, as the caller read them just before asking. The Shield
   * judges a script it is given as the commands it holds instead of asking about a file it cannot
   * see; the caller must refuse to run the action if one has changed since (the engine's verify
   * stage does).
   */
  readonly fileContents?: ReadonlyMap<string, string>;
  /** Free text that led to the action (conversation, fetched content), for the classifier. */
  readonly contextText?: string;
  /**
   * Signs of inducement the caller found in outside content earlier in the turn, each judged once
   * as it arrived (`inducementSignalIn`): they count however much text followed and fell out of
   * `contextText`.
   */
  readonly contextSignals?: readonly string[];
  /** The user's own request: lets tier 1 see that a send, schedule or agent task is what they asked for. */
  readonly userRequest?: UserRequest;
  readonly sessionId?: string;
  /** Told how long each tier that ran took (tracing); it must not throw. */
  readonly observeTier?: TierObserver;
}

/** `outcome` is the tier's own answer: ALLOW, BLOCK, ESCALATE, or an error/timeout rule id. */
export type TierObserver = (tier: Tier, elapsedUs: number, outcome: string) => void;

export interface Verdict {
  readonly decision: Decision;
  readonly tier: Tier;
  /** 0..1: how sure the deciding tier is. */
  readonly confidence: number;
  readonly reason: string;
  readonly ruleIds: readonly string[];
  /** SHA-256 (hex) of the canonical JSON of `{type, payload}`. */
  readonly actionHash: string;
  readonly latencyUs: number;
  /** The user's grant (UserGrants) that allowed the action at tier 0 in place of a human. */
  readonly grant?: string;
}

/** One tier's health as `status()` reports it; tier 1 is split into 1a heuristics and 1b classifier. */
export interface TierStatus {
  readonly tier: '0' | '1a' | '1b' | '2' | '3';
  readonly name: string;
  readonly available: boolean;
  /** e.g. `policy default (/…/policies/default.yaml)` or `absent: no model installed`. */
  readonly detail: string;
}

export interface ShieldStatus {
  readonly minTier: Tier;
  readonly mode: 'inject' | 'human';
  readonly policy: { readonly name: string; readonly source: string };
  readonly tiers: readonly TierStatus[];
}

export interface Shield {
  /** Never rejects: any failure inside becomes a BLOCK verdict. */
  evaluate(action: ActionRequest, context?: EvaluationContext): Promise<Verdict>;
  status(): ShieldStatus;
  /**
   * Runs representative actions through tier 1 once per process, so the first real action does not
   * pay V8's first compilation of the heuristics. Yields to the event loop between actions: a
   * daemon calls it while its other start-up work (child processes) goes on.
   */
  warmUp(): Promise<void>;
}
