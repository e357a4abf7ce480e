import {
  HUMAN_APPROVED_RULE,
  HUMAN_CAP_RULE,
  SlidingWindowLimiter,
  requestHumanApproval,
  systemClock,
  type ApprovalAnswer,
  type Clock,
  type HumanApprover,
  type Verdict,
} from '@parapet/shield';
import { ParapetError } from '@parapet/wire';
import type { Broadcaster } from '../events/broadcaster.js';
import type { ApprovalView, ApprovalDecisionInput } from '@parapet/wire/client';
import type { ApprovalAsk, ApprovalOutcome, ApprovalPort } from '../pipeline/index.js';
import type { Redactor } from '../redact/redactor.js';
import { createIdFactory } from '../storage/ids.js';
import type { ApprovalRecord, ApprovalState, Store } from '../storage/index.js';
import { diffForWrite, summarizeAction, targetsFingerprint } from './describe-action.js';

const HOUR_MS = 3_600_000;
/** Rule id of a verdict that reuses an earlier "approve for this session" of the same action hash. */
export const HUMAN_SESSION_SCOPE_RULE = 'human.session_scope';
const ENGINE_CHANNEL = 'engine';

export interface ApprovalDeskOptions {
  readonly store: Store;
  readonly bus: Broadcaster;
  readonly redactor: Redactor;
  readonly workspace: string;
  readonly timeoutMs: number;
  /** Questions one session may ask per hour. */
  readonly hourlyCap: number;
  readonly clock?: Clock;
}

/** Shield tier 3 in the engine: asks every watching client, takes the first valid answer. */
export interface ApprovalDesk extends ApprovalPort {
  /** Throws APPROVAL_NOT_FOUND, APPROVAL_CLOSED (answered already), HASH_MISMATCH (then the approval is denied). */
  resolve(decision: ApprovalDecisionInput): ApprovalView;
  list(options: { readonly pendingOnly: boolean; readonly limit: number }): ApprovalView[];
  pendingCount(): number;
  /** At start: approvals a previous engine left pending are denied, audited and announced. */
  denyLeftovers(): number;
  /** At stop: every waiting question is denied. */
  close(): void;
}

type Waiter = (answer: ApprovalAnswer, state: ApprovalOutcome) => void;

export function toApprovalView(record: ApprovalRecord): ApprovalView {
  const { targetsFingerprint: _fingerprint, ...view } = record;
  return view;
}

export function createApprovalDesk(options: ApprovalDeskOptions): ApprovalDesk {
  const { store, bus, redactor } = options;
  const clock = options.clock ?? systemClock;
  const newId = createIdFactory();

  /**
   * Tells the approval's own session, then each ancestor's spawning turn: a sub-agent's question
   * reaches whoever drives the turn that started it (the CLI's send, a Telegram chat).
   */
  function publishApproval(record: ApprovalRecord, type: 'approval_required' | 'approval_resolved'): void {
    const approval = toApprovalView(record);
    bus.publish(record.sessionId, record.turnId, { type, approval });
    for (let link = store.sessionParents.get(record.sessionId); link; link = store.sessionParents.get(link.parentSessionId)) {
      bus.publish(link.parentSessionId, link.parentTurnId, { type, approval });
    }
  }
  const waiters = new Map<string, Waiter>();
  // The library's own limiter, per session, as a second bound within this engine's life.
  const limiters = new Map<string, SlidingWindowLimiter>();

  const limiterFor = (sessionId: string): SlidingWindowLimiter => {
    let limiter = limiters.get(sessionId);
    if (!limiter) {
      limiter = new SlidingWindowLimiter(options.hourlyCap, HOUR_MS, clock);
      limiters.set(sessionId, limiter);
    }
    return limiter;
  };

  /** Stores the question, audits it and shows it to every watcher. */
  function open(ask: ApprovalAsk): ApprovalRecord {
    const now = clock.now();
    const payload = ask.action.payload;
    const record = store.transaction(() => {
      const inserted = store.approvals.insert({
        id: newId(),
        sessionId: ask.sessionId,
        turnId: ask.turnId,
        actionId: ask.action.id,
        toolName: ask.toolName,
        actionType: ask.action.type,
        actionHash: ask.actionHash,
        targetsFingerprint: targetsFingerprint(ask.targets),
        summary: redactor.redact(summarizeAction(ask.toolName, payload, ask.targets, options.workspace)),
        diff: redactor.redact(diffForWrite(payload, ask.targets)),
        reason: redactor.redact(ask.escalation.reason),
        ruleIds: [...ask.escalation.ruleIds],
        requestedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + options.timeoutMs).toISOString(),
      });
      store.audit.append('APPROVAL_REQUESTED', {
        sessionId: ask.sessionId,
        actionId: ask.action.id,
        data: {
          approvalId: inserted.id,
          turnId: ask.turnId,
          tool: ask.toolName,
          actionHash: ask.actionHash,
          targetsFingerprint: inserted.targetsFingerprint,
          reason: inserted.reason,
          ruleIds: inserted.ruleIds,
          expiresAt: inserted.expiresAt,
        },
      });
      return inserted;
    });
    publishApproval(record, 'approval_required');
    return record;
  }

  /** Audits how the question ended and tells every watcher. */
  function announce(id: string): void {
    const record = store.approvals.get(id);
    if (!record) return;
    store.audit.append('APPROVAL_RESOLVED', {
      sessionId: record.sessionId,
      actionId: record.actionId,
      data: { approvalId: id, state: record.state, scope: record.scope, answeredBy: record.answeredBy, channel: record.channel },
    });
    publishApproval(record, 'approval_resolved');
  }

  /** Marks a pending question answered by the engine itself (timeout, cancelled turn, shutdown). */
  function closeByEngine(id: string, state: Exclude<ApprovalState, 'pending' | 'approved'>, why: string): boolean {
    return store.approvals.resolve(id, { state, answeredBy: why, channel: ENGINE_CHANNEL });
  }

  function sessionGrant(ask: ApprovalAsk): Verdict | undefined {
    const standing = store.approvals.approvedForSession(ask.sessionId, ask.actionHash);
    if (!standing) return undefined;
    return {
      decision: 'ALLOW',
      tier: 3,
      confidence: 1,
      reason: `approved for this session by ${standing.answeredBy || 'a human'} (${standing.channel}, approval ${standing.id})`,
      ruleIds: [...ask.escalation.ruleIds, HUMAN_APPROVED_RULE, HUMAN_SESSION_SCOPE_RULE],
      actionHash: ask.actionHash,
      latencyUs: ask.escalation.latencyUs,
    };
  }

  const capVerdict = (ask: ApprovalAsk): Verdict => ({
    decision: 'BLOCK',
    tier: 3,
    confidence: 1,
    reason: `this session asked ${options.hourlyCap} questions in the last hour; denied`,
    ruleIds: [...ask.escalation.ruleIds, HUMAN_CAP_RULE],
    actionHash: ask.actionHash,
    latencyUs: ask.escalation.latencyUs,
  });

  return {
    async ask(ask, turnSignal) {
      const granted = sessionGrant(ask);
      if (granted) return { verdict: granted, outcome: 'approved' };
      // The cap counts stored questions, so a restart does not reset it.
      const since = new Date(clock.now() - HOUR_MS).toISOString();
      if (store.approvals.countSince(ask.sessionId, since) >= options.hourlyCap) {
        return { verdict: capVerdict(ask), outcome: 'capped' };
      }
      let record: ApprovalRecord | undefined;
      let outcome: ApprovalOutcome = 'denied';
      const approver: HumanApprover = {
        request: (request, signal) =>
          new Promise<ApprovalAnswer>((resolve) => {
            const opened = open(ask);
            record = opened;
            const deny = (by: string): ApprovalAnswer => ({ approved: false, actionHash: request.actionHash, by });
            const onTurnEnded = (): void => {
              if (!closeByEngine(opened.id, 'cancelled', 'the engine: the turn ended')) return;
              outcome = 'cancelled';
              waiters.delete(opened.id);
              resolve(deny('the engine: the turn ended'));
            };
            waiters.set(opened.id, (answer, state) => {
              outcome = state;
              waiters.delete(opened.id);
              turnSignal?.removeEventListener('abort', onTurnEnded);
              resolve(answer);
            });
            // Aborted on timeout, and once the answer is in (then nothing is pending any more).
            signal.addEventListener(
              'abort',
              () => {
                turnSignal?.removeEventListener('abort', onTurnEnded);
                waiters.delete(opened.id);
                if (closeByEngine(opened.id, 'expired', 'the engine: no answer in time')) outcome = 'expired';
              },
              { once: true },
            );
            if (turnSignal?.aborted) onTurnEnded();
            else turnSignal?.addEventListener('abort', onTurnEnded, { once: true });
          }),
      };
      const verdict = await requestHumanApproval(
        approver,
        { action: ask.action, actionHash: ask.actionHash, escalation: ask.escalation },
        { timeoutMs: options.timeoutMs, hourlyCap: limiterFor(ask.sessionId), clock },
      );
      if (!record) return { verdict, outcome: 'capped' };
      announce(record.id);
      return { verdict, outcome: verdict.decision === 'ALLOW' ? 'approved' : outcome };
    },

    resolve(decision) {
      const record = store.approvals.get(decision.approvalId);
      if (!record) throw new ParapetError('APPROVAL_NOT_FOUND', `no approval with id ${decision.approvalId}`);
      const waiter = waiters.get(record.id);
      if (record.state !== 'pending' || !waiter) {
        throw new ParapetError('APPROVAL_CLOSED', `approval ${record.id} is already ${record.state === 'pending' ? 'closed' : record.state}`);
      }
      const matches = decision.actionHash === record.actionHash;
      const state = matches && decision.approve ? 'approved' : 'denied';
      const answeredBy = redactor.redact(decision.answeredBy);
      const stored = store.approvals.resolve(record.id, {
        state,
        ...(state === 'approved' ? { scope: decision.scope } : {}),
        answeredBy,
        channel: decision.channel,
      });
      if (!stored) throw new ParapetError('APPROVAL_CLOSED', `approval ${record.id} was answered first by someone else`);
      const by = `${answeredBy || 'someone'} (${decision.channel})`;
      waiter({ approved: decision.approve, actionHash: decision.actionHash, by }, state);
      if (!matches) {
        throw new ParapetError('HASH_MISMATCH', `the answer names another action than approval ${record.id} asks about: the approval is denied`);
      }
      const updated = store.approvals.get(record.id);
      if (!updated) throw new ParapetError('INTERNAL', `approval ${record.id} vanished`);
      return toApprovalView(updated);
    },

    list: (query) => store.approvals.list(query).map(toApprovalView),
    pendingCount: () => waiters.size,

    denyLeftovers() {
      let denied = 0;
      for (const record of store.approvals.pending()) {
        if (closeByEngine(record.id, 'denied', 'the engine: it restarted while the question was open')) {
          denied += 1;
          announce(record.id);
        }
      }
      return denied;
    },

    close() {
      for (const [id, waiter] of [...waiters]) {
        if (closeByEngine(id, 'denied', 'the engine: it stopped while the question was open')) {
          waiter({ approved: false, actionHash: '', by: 'the engine (stopping)' }, 'denied');
        }
      }
    },
  };
}
