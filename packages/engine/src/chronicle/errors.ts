import { ParapetError } from '@parapet/wire';

/** Taking a snapshot failed: the action it was for is denied (fail closed). */
export class SnapshotError extends ParapetError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('SNAPSHOT_FAILED', message, false, options);
  }
}
