import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const POOL_BYTES = 4096;

/**
 * Monotonic ULIDs whose random part comes from the system CSPRNG, drawn from a pooled buffer: the
 * library's default asks the CSPRNG for one byte per character (16 calls per id).
 */
export function createIdFactory(): () => string {
  const pool = Buffer.alloc(POOL_BYTES);
  let next = POOL_BYTES;
  // The library maps the number to one of 32 characters; byte / 256 keeps that uniform (256 = 8 × 32).
  const randomFraction = (): number => {
    if (next === POOL_BYTES) {
      randomFillSync(pool);
      next = 0;
    }
    const byte = pool[next] as number;
    next += 1;
    return byte / 256;
  };
  const ulid = monotonicFactory(randomFraction);
  return () => ulid();
}
