import { canonicalActionType, type KnownActionType } from '../../action-types.js';
import type { Judgement } from '../../gateway/judgement.js';
import type { Classifier } from '../../ports.js';
import type { HeuristicContext, HeuristicResult, HeuristicsFn } from './heuristics-contract.js';
import { isPlainNote } from './plain-note.js';
import { payloadTexts } from './texts.js';

export interface Tier1Options {
  readonly heuristics: HeuristicsFn;
  /** Tier 1b; absent means no model installed. */
  readonly classifier: Classifier | undefined;
  readonly blockThreshold: number;
  readonly escalateThreshold: number;
  /** Action types whose text only the classifier can clear. */
  readonly classifierRequiredFor: ReadonlySet<KnownActionType>;
}

export interface Tier1Input {
  readonly action: { readonly type: string; readonly payload: Readonly<Record<string, unknown>> };
  readonly context: HeuristicContext;
  readonly contextText: string | undefined;
}

export const CLASSIFIER_ABSENT_RULE = 'tier1.classifier_absent';
export const PAYLOAD_INJECTION_RULE = 'tier1.classifier.payload_injection';
export const CONTEXT_INJECTION_RULE = 'tier1.classifier.context_injection';

const fromHeuristics = (h: HeuristicResult): Judgement => ({
  decision: h.decision,
  confidence: h.confidence,
  reason: h.reason,
  ruleIds: h.ruleIds,
});

async function maxInjection(classifier: Classifier, texts: readonly string[]): Promise<number> {
  if (texts.length === 0) return 0;
  const scores = await Promise.all(texts.map(async (text) => (await classifier.classify(text)).injection));
  const max = Math.max(...scores);
  // A classifier answering NaN or out of range is broken, not reassuring.
  if (!Number.isFinite(max) || max < 0 || max > 1) throw new Error('classifier returned an invalid score');
  return max;
}

/** Folds the classifier's scores into the heuristics' judgement: it may raise, never lower. */
async function withClassifier(
  heuristics: Judgement,
  classifier: Classifier,
  input: Tier1Input,
  options: Tier1Options,
): Promise<Judgement> {
  const [payloadScore, contextScore] = await Promise.all([
    maxInjection(classifier, payloadTexts(input.action.payload)),
    input.contextText === undefined ? Promise.resolve(0) : maxInjection(classifier, [input.contextText]),
  ]);
  if (payloadScore >= options.blockThreshold) {
    return {
      decision: 'BLOCK',
      confidence: payloadScore,
      reason: `the action's text reads as a prompt injection (score ${payloadScore.toFixed(2)})`,
      ruleIds: [...heuristics.ruleIds, PAYLOAD_INJECTION_RULE],
    };
  }
  const suspicious: string[] = [];
  if (payloadScore >= options.escalateThreshold) suspicious.push(PAYLOAD_INJECTION_RULE);
  if (contextScore >= options.escalateThreshold) suspicious.push(CONTEXT_INJECTION_RULE);
  if (suspicious.length > 0) {
    const score = Math.max(payloadScore, contextScore);
    return {
      decision: 'ESCALATE',
      confidence: score,
      reason:
        heuristics.decision === 'ESCALATE'
          ? `${heuristics.reason}; and text around the action may be a prompt injection (score ${score.toFixed(2)})`
          : `text around the action may be a prompt injection (score ${score.toFixed(2)})`,
      ruleIds: [...heuristics.ruleIds, ...suspicious],
    };
  }
  return heuristics;
}

/**
 * Tier 1: heuristics first (synchronous, and a BLOCK ends it), then the classifier over the
 * payload's strings and the context text. Without a classifier the tier still judges plain
 * actions on heuristics alone, but never clears prose meant for another model (memory, agent
 * tasks) unless it is a plain note of a fact: "no model installed" is not "safe".
 */
export function evaluateTier1(input: Tier1Input, options: Tier1Options): Judgement | Promise<Judgement> {
  const context =
    input.contextText === undefined ? input.context : { ...input.context, contextText: input.contextText };
  const answer = options.heuristics(input.action, context);
  const heuristics = fromHeuristics(answer);
  if (heuristics.decision === 'BLOCK') return heuristics;
  if (options.classifier !== undefined) return withClassifier(heuristics, options.classifier, input, options);
  if (heuristics.decision === 'ESCALATE') return heuristics;
  const type = canonicalActionType(input.action.type);
  const texts = type !== undefined && options.classifierRequiredFor.has(type) ? payloadTexts(input.action.payload) : [];
  // A memory note that only states a fact about the user cannot steer a later run, nor can a task
  // made of the user's own words that the heuristics matched to what they asked for.
  const cleared = answer.requestedByUser === true || (type === 'memory_write' && isPlainNote(texts));
  if (texts.length > 0 && !cleared) {
    return {
      decision: 'ESCALATE',
      confidence: 0.5,
      reason: `no prompt-injection classifier is installed to judge the text of this ${type} action`,
      ruleIds: [...heuristics.ruleIds, CLASSIFIER_ABSENT_RULE],
    };
  }
  return heuristics;
}
