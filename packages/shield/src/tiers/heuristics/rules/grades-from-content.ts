import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { sentBodies } from '../actions/fields.js';
import { saidWords, userTyped } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { effectiveMethod, WRITE_METHODS } from '../network/effective-method.js';
import { defineRule } from '../registry.js';

/**
 * A grade, score or rating written through an API after the conversation carried content from
 * elsewhere, for a value the user never gave: the figure came from the essay, the review or the
 * ticket being judged, which chose its own mark.
 */
export const GRADE_RULES = {
  markFromContent: defineRule(
    'records.mark_from_content',
    'block',
    'records a grade, score or rating the user never gave, after reading content from elsewhere',
  ),
};

/** `"posted_grade": "100"`, `score=97`, `"points": 10`. */
const MARK =
  /["']?(?:posted_grade|grade|score|points|marks?|rating)["']?\s*[:=]\s*["']?(\d+(?:\.\d+)?%?|[A-F][+-]?)(?=["',&}\s]|$)/gu;

export function judgeGradesFromContent(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'http_request' || request === undefined || !request.untrustedContent) return;
  const method = effectiveMethod(payload);
  if (method === undefined || !WRITE_METHODS.has(method)) return;
  const words = saidWords(request);
  for (const body of sentBodies(payload))
    for (const [, mark = ''] of body.matchAll(MARK))
      if (!userTyped(mark, words)) judge.findings.add(GRADE_RULES.markFromContent, mark);
}
