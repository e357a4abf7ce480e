import { createHash, timingSafeEqual } from 'node:crypto';
import type { Metadata } from '@grpc/grpc-js';
import { ParapetError } from '@parapet/wire';

const BEARER = 'Bearer ';

/** Hashing first gives equal-length buffers, so the comparison's time says nothing about the token. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Checks `authorization: Bearer <token>`; throws CLIENT_UNAUTHENTICATED otherwise. */
export function createTokenCheck(token: string): (metadata: Metadata) => void {
  if (token.length < 16) throw new ParapetError('INTERNAL', 'the client token is too short to protect the engine');
  const expected = digest(token);
  return (metadata) => {
    const values = metadata.get('authorization');
    const header = values.length === 1 && typeof values[0] === 'string' ? values[0] : '';
    const presented = header.startsWith(BEARER) ? header.slice(BEARER.length) : '';
    // Always compare, even for a missing header, so every rejection costs the same.
    const matches = timingSafeEqual(digest(presented), expected);
    if (!matches || presented === '') {
      throw new ParapetError('CLIENT_UNAUTHENTICATED', 'missing or wrong client token');
    }
  };
}
