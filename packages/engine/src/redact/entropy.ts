import { globalMatches, type SecretSpan } from './patterns.js';

/*
 * Secrets no provider prefix gives away, found by how random they look. A bare AWS secret access
 * key is 40 characters of base64 alphabet; git SHAs (hex), UUIDs (dashes), long words (one case,
 * no digits) and base64 of ordinary text (decodes to printable text) are not taken for one.
 */

/** Matched with the character before it: a lookbehind tried at every position costs more. */
const BARE_AWS_SECRET = /(?:^|[^A-Za-z0-9/+=])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/g;

/** A random-looking value within a few words after a key-like name, without `=` or `:` between (a final `.` ends the sentence). */
const NEAR_KEY_NAME =
  /\b(?:api[ _-]?key|access[ _-]?key|secret(?:[ _-]?key)?|token|password|passwd|passphrase|credential|private[ _-]?key)s?\b[^\S\n]*(?:[A-Za-z]+[^\S\n]+){0,3}?["'`]?([A-Za-z0-9_\-+/.=]{15,199}[A-Za-z0-9_\-+/=])/dgi;

const MIN_BITS_PER_CHAR_BARE = 4.2;
const MIN_BITS_PER_CHAR_NEAR_KEY = 3.5;

export function entropySpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const match of globalMatches(BARE_AWS_SECRET, text)) {
    const token = match[1];
    if (token !== undefined && looksRandom(token, MIN_BITS_PER_CHAR_BARE) && !isBase64OfText(token)) {
      const end = match.index + match[0].length;
      spans.push({ start: end - token.length, end, contextStart: end - token.length, contextEnd: end });
    }
  }
  for (const match of globalMatches(NEAR_KEY_NAME, text)) {
    const value = match.indices?.[1];
    const token = match[1];
    if (!value || token === undefined) continue;
    if (looksRandom(token, MIN_BITS_PER_CHAR_NEAR_KEY) && !isBase64OfText(token)) {
      spans.push({ start: value[0], end: value[1], contextStart: match.index, contextEnd: value[1] });
    }
  }
  return spans;
}

/** Letters and digits mixed, not plain hex, not a UUID, and spread over many distinct characters. */
function looksRandom(token: string, minBitsPerChar: number): boolean {
  if (!/[0-9]/.test(token) || !/[A-Za-z]/.test(token)) return false;
  if (/^[0-9a-f]+$/.test(token) || /^[0-9A-F]+$/.test(token)) return false;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token)) return false;
  if (/^[a-z0-9_\-./]+$/.test(token) && /[a-z]{6}/.test(token)) return false;
  return shannonBits(token) >= minBitsPerChar;
}

function shannonBits(token: string): number {
  const counts = new Map<string, number>();
  for (const char of token) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / token.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Base64 (either alphabet) that decodes to mostly printable ASCII: encoded text, not key material. */
function isBase64OfText(token: string): boolean {
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(token) || token.length < 16) return false;
  const bytes = Buffer.from(token.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length === 0) return false;
  let printable = 0;
  for (const byte of bytes) if ((byte >= 0x20 && byte < 0x7f) || byte === 0x09 || byte === 0x0a || byte === 0x0d) printable += 1;
  return printable / bytes.length >= 0.9;
}
