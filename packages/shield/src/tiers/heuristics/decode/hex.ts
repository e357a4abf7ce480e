import { asPrintableText } from './printable.js';

/** Long runs of hex digit pairs inside other text. */
export const HEX_RUN = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){8,}(?![0-9A-Fa-f])/gu;
const HEX_ONLY = /^(?:[0-9A-Fa-f]{2})+$/u;

/** The text hidden in plain hex (`xxd -p` style), if it decodes to text. */
export function decodeHexText(token: string): string | undefined {
  const compact = token.replace(/[\s:]+/gu, '');
  if (compact.length < 8 || !HEX_ONLY.test(compact)) return undefined;
  // Digits only is a number, not hidden text.
  if (!/[A-Fa-f]/u.test(compact) && !/^(?:[2-7][0-9A-Fa-f])+$/u.test(compact)) return undefined;
  return asPrintableText(Buffer.from(compact, 'hex'));
}
