/**
 * V8 runs case-insensitive Unicode patterns (`/iu`) about ten times slower than the same pattern
 * with `/i`, and the heuristics run dozens of them over every text. On ASCII text both flags give
 * the same answers provided the pattern itself is plain ASCII: only non-ASCII pattern characters
 * (`ſ`, the Kelvin sign …) fold onto ASCII letters differently, and `\p{…}` exists only with `u`.
 * So ASCII text — nearly every action — is matched with an `/i` twin, anything else with the
 * original.
 */
export interface CaselessPattern {
  /** The original `/iu` pattern. */
  readonly unicode: RegExp;
  /** The regex to run on `text`: the `/i` twin for ASCII text, the original otherwise. */
  for(text: string): RegExp;
  test(text: string): boolean;
  exec(text: string): RegExpExecArray | null;
}

/** Any UTF-16 code unit above 0x7F (surrogates included). */
const NON_ASCII = /[\u0080-\uffff]/;
/** Escapes that can name non-ASCII characters or Unicode properties. */
const UNICODE_SYNTAX = /\\[pPux]|\\c/;

let lastText = '';
let lastAscii = true;

/** Whether `text` is ASCII only; remembers the last text, since many patterns read the same one in turn. */
export function isAscii(text: string): boolean {
  if (text !== lastText) {
    lastAscii = !NON_ASCII.test(text);
    lastText = text;
  }
  return lastAscii;
}

const registry: CaselessPattern[] = [];

/** Every caseless pattern built so far (tests check each twin against its original). */
export function caselessPatterns(): readonly CaselessPattern[] {
  return registry;
}

/** Wraps an `/iu` pattern; a pattern that cannot have a safe twin always runs as it is. */
export function caseless(unicode: RegExp): CaselessPattern {
  if (!unicode.flags.includes('i') || !unicode.flags.includes('u')) throw new Error(`caseless needs an /iu pattern: ${unicode}`);
  const twinnable = !NON_ASCII.test(unicode.source) && !UNICODE_SYNTAX.test(unicode.source);
  const ascii = twinnable ? new RegExp(unicode.source, unicode.flags.replace('u', '')) : unicode;
  const pick = (text: string): RegExp => (isAscii(text) ? ascii : unicode);
  const pattern: CaselessPattern = {
    unicode,
    for: pick,
    test: (text) => pick(text).test(text),
    exec: (text) => pick(text).exec(text),
  };
  registry.push(pattern);
  return pattern;
}
