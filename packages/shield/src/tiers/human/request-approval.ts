import type { ApprovalRequest, Clock, HumanApprover } from '../../ports.js';
import type { SlidingWindowLimiter } from '../../sliding-window.js';
import type { Verdict } from '../../types.js';

export const HUMAN_APPROVED_RULE = 'human.approved';
export const HUMAN_DENIED_RULE = 'human.denied';
export const HUMAN_TIMEOUT_RULE = 'human.timeout';
export const HUMAN_CAP_RULE = 'human.hourly_cap';
export const HUMAN_MISMATCH_RULE = 'human.hash_mismatch';
export const HUMAN_ERROR_RULE = 'human.error';

export interface HumanApprovalOptions {
  readonly timeoutMs: number;
  /** Shared across requests: at most N questions to the human per hour. */
  readonly hourlyCap: SlidingWindowLimiter;
  readonly clock: Clock;
}

type Outcome = { readonly approved: boolean; readonly ruleId: string; readonly reason: string };

/**
 * Tier 3: asks the human and turns the answer into a verdict. Everything that is not a valid
 * approval of this exact action denies: a timeout, an answer bound to another action hash, an
 * approver error, or one request over the hourly cap.
 */
export async function requestHumanApproval(
  approver: HumanApprover,
  request: Omit<ApprovalRequest, 'timeoutMs'>,
  options: HumanApprovalOptions,
): Promise<Verdict> {
  const started = options.clock.monotonicUs();
  const verdict = (outcome: Outcome): Verdict => ({
    decision: outcome.approved ? 'ALLOW' : 'BLOCK',
    tier: 3,
    confidence: 1,
    reason: outcome.reason,
    ruleIds: [...request.escalation.ruleIds, outcome.ruleId],
    actionHash: request.actionHash,
    latencyUs: request.escalation.latencyUs + Math.max(0, options.clock.monotonicUs() - started),
  });
  if (!options.hourlyCap.tryTake()) {
    return verdict({ approved: false, ruleId: HUMAN_CAP_RULE, reason: 'too many approval requests this hour; denied' });
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ approved: false, ruleId: HUMAN_TIMEOUT_RULE, reason: `no answer within ${options.timeoutMs} ms; denied` });
    }, options.timeoutMs);
  });
  const answered = (async (): Promise<Outcome> => {
    try {
      const answer = await approver.request({ ...request, timeoutMs: options.timeoutMs }, controller.signal);
      if (answer.actionHash !== request.actionHash) {
        return { approved: false, ruleId: HUMAN_MISMATCH_RULE, reason: 'the answer was for a different action; denied' };
      }
      const by = answer.by === undefined ? '' : ` by ${answer.by}`;
      return answer.approved === true
        ? { approved: true, ruleId: HUMAN_APPROVED_RULE, reason: `approved${by}` }
        : { approved: false, ruleId: HUMAN_DENIED_RULE, reason: `denied${by}` };
    } catch {
      return { approved: false, ruleId: HUMAN_ERROR_RULE, reason: 'the approval request failed; denied' };
    }
  })();
  try {
    return verdict(await Promise.race([answered, timeout]));
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
