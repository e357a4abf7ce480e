import type { UserRequest } from '../../types.js';

/**
 * The shape of tier 1a as the gateway calls it. The heuristics themselves live in
 * `tiers/heuristics/`; this type lets tier 1 be tested with any implementation.
 */
/** Where the action runs: relative paths resolve against the workspace, `~` against home. */
export interface HeuristicContext {
  readonly workspace?: string;
  readonly home: string;
  /**
   * The conversation and fetched content that led to the action. Read only to tell whether an
   * action that already needs a human was talked into (see `induced.risky_action`).
   */
  readonly contextText?: string;
  /** Signs of inducement found in outside content as it arrived (EvaluationContext.contextSignals). */
  readonly contextSignals?: readonly string[];
  /** The user's own words, when the caller has them (see EvaluationContext.userRequest). */
  readonly userRequest?: UserRequest;
  /** Texts of the files the action runs (see EvaluationContext.fileContents). */
  readonly fileContents?: ReadonlyMap<string, string>;
}

export interface HeuristicResult {
  readonly decision: 'BLOCK' | 'ESCALATE' | 'PASS';
  readonly confidence: number;
  readonly reason: string;
  readonly ruleIds: readonly string[];
  /**
   * The action's text (an agent's task, a scheduled prompt) is the user's own request in their own
   * words: no classifier is needed to clear it (one that is installed still reads it).
   */
  readonly requestedByUser?: boolean;
}

export type HeuristicsFn = (
  action: { readonly type: string; readonly payload: Readonly<Record<string, unknown>> },
  context: HeuristicContext,
) => HeuristicResult;
