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
}

export interface HeuristicResult {
  readonly decision: 'BLOCK' | 'ESCALATE' | 'PASS';
  readonly confidence: number;
  readonly reason: string;
  readonly ruleIds: readonly string[];
}

export type HeuristicsFn = (
  action: { readonly type: string; readonly payload: Readonly<Record<string, unknown>> },
  context: HeuristicContext,
) => HeuristicResult;
