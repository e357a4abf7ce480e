/**
 * Letters from other scripts that render like Latin ones (after NFKC, which already folds
 * full-width and mathematical forms). Mapping them lets `сat /etc/shаdow` be judged as what it
 * looks like; finding them inside a Latin word is itself a spoofing signal.
 */
const PAIRS: readonly (readonly [string, string])[] = [
  // Cyrillic lower
  ['а', 'a'], ['в', 'b'], ['е', 'e'], ['ё', 'e'], ['к', 'k'], ['м', 'm'], ['н', 'h'], ['о', 'o'], ['р', 'p'], ['с', 'c'],
  ['т', 't'], ['у', 'y'], ['х', 'x'], ['ѕ', 's'], ['і', 'i'], ['ї', 'i'], ['ј', 'j'], ['һ', 'h'], ['ԁ', 'd'], ['ԛ', 'q'],
  ['ԝ', 'w'], ['ӏ', 'l'], ['ɡ', 'g'], ['ᴦ', 'r'],
  // Cyrillic upper
  ['А', 'A'], ['В', 'B'], ['Е', 'E'], ['К', 'K'], ['М', 'M'], ['Н', 'H'], ['О', 'O'], ['Р', 'P'], ['С', 'C'], ['Т', 'T'],
  ['У', 'Y'], ['Х', 'X'], ['Ѕ', 'S'], ['І', 'I'], ['Ј', 'J'], ['Ԛ', 'Q'], ['Ԝ', 'W'], ['Ӏ', 'I'],
  // Greek
  ['α', 'a'], ['ο', 'o'], ['ν', 'v'], ['ρ', 'p'], ['ι', 'i'], ['κ', 'k'], ['υ', 'u'], ['χ', 'x'], ['ε', 'e'], ['τ', 't'],
  ['Α', 'A'], ['Β', 'B'], ['Ε', 'E'], ['Ζ', 'Z'], ['Η', 'H'], ['Ι', 'I'], ['Κ', 'K'], ['Μ', 'M'], ['Ν', 'N'], ['Ο', 'O'],
  ['Ρ', 'P'], ['Τ', 'T'], ['Υ', 'Y'], ['Χ', 'X'],
  // Armenian and Latin extensions
  ['օ', 'o'], ['ս', 'u'], ['ց', 'g'], ['հ', 'h'], ['ո', 'n'], ['ı', 'i'], ['ȷ', 'j'], ['ℓ', 'l'],
  // Punctuation that shells and paths care about
  ['∕', '/'], ['⁄', '/'], ['⧸', '/'], ['‐', '-'], ['‑', '-'], ['‒', '-'], ['–', '-'], ['—', '-'], ['−', '-'],
  ['․', '.'], ['｡', '.'], ['ǀ', '|'], ['∣', '|'],
];

export const CONFUSABLES: ReadonlyMap<string, string> = new Map(PAIRS);

/** Matches any mapped character (built once). */
export const CONFUSABLE_CHARS = new RegExp(`[${PAIRS.map(([from]) => from).join('')}]`, 'gu');
