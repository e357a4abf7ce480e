import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Judgement } from '../../gateway/judgement.js';

export const TIER2_ALLOW_RULE = 'tier2.allow';
export const TIER2_BLOCK_RULE = 'tier2.block';
export const TIER2_ESCALATE_RULE = 'tier2.escalate';
export const TIER2_BAD_ANSWER_RULE = 'tier2.bad_answer';
export const TIER2_CANARY_RULE = 'tier2.canary_mismatch';

const answerSchema = z.strictObject({
  canary: z.string(),
  decision: z.enum(['ALLOW', 'BLOCK', 'ESCALATE']),
  confidence: z.number().min(0).max(1),
  reason: z.string().min(1).max(2_000),
});

const blocked = (ruleId: string, reason: string): Judgement => ({ decision: 'BLOCK', confidence: 1, reason, ruleIds: [ruleId] });

function sameCanary(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Strict JSON, optionally inside one code fence (a formatting habit, not content). */
function unwrap(raw: string): string {
  const trimmed = raw.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/u.exec(trimmed);
  return fenced?.[1] ?? trimmed;
}

/**
 * Turns the evaluator's raw text into a judgement. Anything but a well-formed answer carrying
 * this call's canary is a BLOCK: the model may have been steered by the data it was shown.
 */
export function parseEvaluatorAnswer(raw: string, canary: string): Judgement {
  let json: unknown;
  try {
    json = JSON.parse(unwrap(raw));
  } catch {
    return blocked(TIER2_BAD_ANSWER_RULE, 'the evaluator did not answer with JSON; blocked');
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) return blocked(TIER2_BAD_ANSWER_RULE, 'the evaluator answer did not match the required shape; blocked');
  const answer = parsed.data;
  if (!sameCanary(answer.canary, canary)) {
    return blocked(TIER2_CANARY_RULE, 'the evaluator answer lacks this request\'s canary (possible injection); blocked');
  }
  const ruleId =
    answer.decision === 'ALLOW' ? TIER2_ALLOW_RULE : answer.decision === 'BLOCK' ? TIER2_BLOCK_RULE : TIER2_ESCALATE_RULE;
  return { decision: answer.decision, confidence: answer.confidence, reason: `evaluator: ${answer.reason}`, ruleIds: [ruleId] };
}
