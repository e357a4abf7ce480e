/**
 * Orders the tool calls of one turn as they arrive (DESIGN §5, parallel groups): a read-only call
 * starts once every mutating call before it has finished, so reads proposed together run at the
 * same time; a mutating call starts only after every call before it has finished, and calls after
 * it wait for it. Whether a call is read-only is the engine's word (the tool registry), never the
 * agent's.
 */
export interface CallOrder {
  schedule<T>(readOnly: boolean, run: () => Promise<T>): Promise<T>;
}

const settled = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    () => undefined,
  );

export function createCallOrder(): CallOrder {
  /** Settles when the last mutating call scheduled so far has finished. */
  let lastWrite: Promise<void> = Promise.resolve();
  /** Read-only calls scheduled since that mutating call. */
  let readsSince: Promise<void>[] = [];
  return {
    schedule(readOnly, run) {
      if (readOnly) {
        const result = lastWrite.then(run);
        readsSince.push(settled(result));
        return result;
      }
      const result = Promise.all([lastWrite, ...readsSince]).then(run);
      lastWrite = settled(result);
      readsSince = [];
      return result;
    },
  };
}
