/**
 * What every error the Shield package throws shares: a stable code and whether trying again may
 * help. A host maps the code to its own (the engine to its wire codes) by catching this one type.
 */
export abstract class ShieldPackageError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly retryable = false,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
  }
}
