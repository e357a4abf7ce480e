import type { Verdict } from '@parapet/shield';
import { noSpan } from '../trace/span.js';
import { tierSpans } from '../trace/tier-observer.js';
import { adoptVerdict } from './adopt-verdict.js';
import { halt, proceed, type Stage } from './types.js';

const DECISIONS = new Set(['ALLOW', 'BLOCK', 'ESCALATE']);

/**
 * Asks the Shield. A thrown error or a malformed verdict is a BLOCK; an ESCALATE goes on to the
 * approval stage when a human can answer, and is denied otherwise. ALLOW by a tier below the
 * action's minimum is denied, unless it is the user's grant and no stage raised that minimum.
 *
 * The verdict is stored by the record stage (before anything runs that changes something) or, for a
 * denial or a read-only tool, in the same transaction as the outcome; see `writeVerdictRows`.
 */
export const shieldStage: Stage = async (context, deps, span = noSpan) => {
  const { action, actionHash, proposal } = context;
  if (!action || !actionHash) return halt('shield', 'INTERNAL', 'shield stage ran before action');
  // Enrich resolved these existing files and folders an instant ago (a link, dangling or not, the
  // Shield follows itself), and verify checks them again before anything runs.
  const resolvedPaths = new Set((context.targets ?? []).filter((target) => target.kind === 'file' || target.kind === 'directory').map((target) => target.path));
  // The scripts the command runs, as read an instant ago; verify checks them again like targets.
  const fileContents = context.scripts === undefined ? undefined : new Map(context.scripts.map((script) => [script.key, script.text]));
  let verdict: Verdict;
  try {
    verdict = await deps.shield.evaluate(action, {
      minTier: context.minTier,
      workspace: deps.workspace,
      resolvedPaths,
      ...(fileContents === undefined ? {} : { fileContents }),
      sessionId: proposal.sessionId,
      ...proposal.shieldContext,
      ...(span === noSpan ? {} : { observeTier: tierSpans(span) }),
    });
    if (!DECISIONS.has(verdict.decision)) throw new Error(`unknown decision ${String(verdict.decision)}`);
  } catch (error) {
    deps.logger.error({ err: deps.redactor.redact(String(error)), actionId: action.id }, 'shield failed; blocking');
    verdict = { decision: 'BLOCK', tier: 0, confidence: 1, reason: 'the Shield failed to evaluate this action (fail-closed)', ruleIds: ['engine.shield-error'], actionHash, latencyUs: 0 };
  }
  const { reason, next } = adoptVerdict(context, deps, action.id, verdict);
  if (verdict.decision === 'BLOCK') return halt('shield', 'SHIELD_BLOCKED', `blocked by Shield tier ${verdict.tier}: ${reason}`, next);
  if (verdict.decision === 'ESCALATE') {
    if (deps.approvals) return proceed(next);
    return halt('shield', 'SHIELD_ESCALATED', `needs human approval and none was given (${reason}): denied`, next);
  }
  // A grant stands in for the human the configuration would ask, never for one a stage here demanded.
  const granted = verdict.grant !== undefined && context.minTier <= deps.minTier;
  if (verdict.tier < context.minTier && !granted) {
    return halt('shield', 'SHIELD_ESCALATED', `allowed by tier ${verdict.tier}, but this action needs tier ${context.minTier} or higher: denied`, next);
  }
  return proceed(next);
};
