import { z } from 'zod';

export type ScoreDecision = 'BLOCK' | 'ESCALATE' | 'PASS';

const probability = z
  .number({ error: 'expected a number between 0 and 1' })
  .min(0, { error: 'expected a number between 0 and 1' })
  .max(1, { error: 'expected a number between 0 and 1' });

/**
 * Injection-probability thresholds, to embed in a host's config (e.g. `shield.classifier.thresholds`).
 * Missing keys take the defaults; `escalate` may not exceed `block`.
 */
export const classifierThresholdsSchema = z
  .strictObject({
    /** At or above: BLOCK outright. */
    block: probability.default(0.9),
    /** At or above (and below `block`): ESCALATE to a human. */
    escalate: probability.default(0.5),
  })
  .refine((t) => t.escalate <= t.block, { error: 'escalate must not be greater than block', path: ['escalate'] });

export type ClassifierThresholds = z.output<typeof classifierThresholdsSchema>;

export const DEFAULT_CLASSIFIER_THRESHOLDS: ClassifierThresholds = Object.freeze({ block: 0.9, escalate: 0.5 });

/** Maps an injection probability to a decision. Anything that is not a probability blocks (fail closed). */
export function decideByScore(injection: number, thresholds: ClassifierThresholds = DEFAULT_CLASSIFIER_THRESHOLDS): ScoreDecision {
  if (!Number.isFinite(injection) || injection < 0 || injection > 1) return 'BLOCK';
  if (injection >= thresholds.block) return 'BLOCK';
  if (injection >= thresholds.escalate) return 'ESCALATE';
  return 'PASS';
}
