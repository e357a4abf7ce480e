/** RFC 4648 base32: A–Z then 2–7, each letter five bits, `=` padding at the end. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE32 = /^[A-Z2-7]+=*$/u;

/** Raw bytes of a base32 payload (what `base32 -d` prints), or undefined when it is not base32. */
export function decodeBase32Bytes(token: string): Buffer | undefined {
  const compact = token.replace(/\s+/gu, '').toUpperCase();
  if (compact.length === 0 || !BASE32.test(compact)) return undefined;
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of compact.replace(/=+$/u, '')) {
    value = (value << 5) | ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}
