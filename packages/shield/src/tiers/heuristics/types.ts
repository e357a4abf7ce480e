/** Where the action runs: relative paths resolve against the workspace, `~` against home. */
export interface HeuristicContext {
  readonly workspace?: string;
  readonly home: string;
}

export interface HeuristicResult {
  readonly decision: 'BLOCK' | 'ESCALATE' | 'PASS';
  readonly confidence: number;
  readonly reason: string;
  readonly ruleIds: readonly string[];
}

export interface HeuristicAction {
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
}
