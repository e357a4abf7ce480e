import { asPrintableText } from './printable.js';

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/u;
/** Long runs that look like base64 inside other text. */
export const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/_-])/gu;

/** The text hidden in a base64 (or base64url) token, if it decodes to text. */
export function decodeBase64Text(token: string): string | undefined {
  const compact = token.replace(/\s+/gu, '');
  if (compact.length < 8 || !BASE64.test(compact)) return undefined;
  // A plain word or path segment is not base64 worth decoding: real payloads mix cases and digits.
  if (!/[A-Z]/u.test(compact) || !/[a-z0-9]/u.test(compact)) return undefined;
  return asPrintableText(Buffer.from(compact.replace(/-/gu, '+').replace(/_/gu, '/'), 'base64'));
}

/** Raw bytes of a base64 payload (for `base64 -d | gunzip` chains). */
export function decodeBase64Bytes(token: string): Buffer | undefined {
  const compact = token.replace(/\s+/gu, '');
  if (compact.length === 0 || !BASE64.test(compact)) return undefined;
  return Buffer.from(compact.replace(/-/gu, '+').replace(/_/gu, '/'), 'base64');
}
