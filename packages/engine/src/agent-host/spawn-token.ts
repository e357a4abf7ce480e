import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret per agent spawn, handed over on the agent's stdin. */
export function createSpawnToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Constant-time comparison. Both sides are hashed first so inputs of any length compare in the same
 * time and `timingSafeEqual` never sees buffers of different lengths.
 */
export function tokensMatch(expected: string, received: string): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(received, 'utf8').digest();
  return timingSafeEqual(a, b) && expected !== '';
}
