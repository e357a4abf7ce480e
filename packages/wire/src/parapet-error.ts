import type { ErrorCode } from './errors.js';

/**
 * An error with a stable code; its message must already be safe to show (redacted, no stack).
 * Apart from errors.ts (which needs gRPC) so the converters the browser bundles stay free of it.
 */
export class ParapetError extends Error {
  override readonly name = 'ParapetError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryable = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
