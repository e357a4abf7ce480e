import { ShieldPackageError } from './coded-error.js';

/**
 * Stable codes for what can go wrong while setting the Shield up. Evaluation itself never throws
 * these: a failing tier becomes a BLOCK verdict. Codes share names with `@parapet/wire` where the
 * meaning is the same (CONFIG_INVALID), so a host maps them one to one.
 */
export type ShieldErrorCode =
  | 'CONFIG_INVALID'
  | 'POLICY_INVALID'
  | 'POLICY_NOT_FOUND'
  | 'CORPUS_INVALID'
  | 'EVALUATOR_UNAVAILABLE';

export class ShieldError extends ShieldPackageError<ShieldErrorCode> {
  override readonly name = 'ShieldError';
  constructor(code: ShieldErrorCode, message: string, retryable = false, options?: { cause?: unknown; details?: readonly string[] }) {
    super(code, message, retryable, options);
    this.details = options?.details ?? [];
  }

  /** One line per problem, e.g. `rules.deny.2.paths: expected array`. */
  readonly details: readonly string[];
}
