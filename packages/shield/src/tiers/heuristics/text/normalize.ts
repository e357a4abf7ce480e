import { CONFUSABLE_CHARS, CONFUSABLES } from './confusables.js';

/** Zero-width, joiner, soft-hyphen and bidi-control characters: invisible, never needed in an action. */
// Combining marks (U+034F, U+17B4/5) sit outside the class: a class cannot hold them cleanly.
const INVISIBLE_CLASS =
  '(?:\\u034F|\\u17B4|\\u17B5|[\\u00AD\\u061C\\u115F\\u1160\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\u3164\\uFEFF\\uFFA0])';
const INVISIBLE = new RegExp(INVISIBLE_CLASS, 'gu');
/** An invisible character touching a letter, digit or ASCII symbol (emoji joiners sit between pictographs). */
const INVISIBLE_IN_TEXT = new RegExp(
  `[\\x21-\\x7E\\p{L}\\p{N}]${INVISIBLE_CLASS}|${INVISIBLE_CLASS}[\\x21-\\x7E\\p{L}\\p{N}]`,
  'u',
);
const ASCII_ONLY = /^[^\u0080-\u{10FFFF}]*$/u;
const LATIN_LETTER = /[A-Za-z]/u;

export interface NormalizedText {
  /** What the text looks like to a human: invisible characters removed, lookalikes folded to Latin. */
  readonly text: string;
  /** Invisible characters sat between visible ones. */
  readonly hiddenCharacters: boolean;
  /** A word mixing Latin letters with lookalikes from another script (a spoof, not a language). */
  readonly mixedScriptWord: string | undefined;
}

function mixedScriptWord(text: string): string | undefined {
  for (const word of text.split(/[\s/\\'"`=:;,|&()<>]+/u)) {
    if (word.length < 2 || ASCII_ONLY.test(word)) continue;
    CONFUSABLE_CHARS.lastIndex = 0;
    if (!CONFUSABLE_CHARS.test(word)) continue;
    const folded = word.replace(CONFUSABLE_CHARS, (c) => CONFUSABLES.get(c) ?? c);
    // Mixed: Latin letters present next to lookalikes. An all-Cyrillic word is just Russian.
    const latinOriginal = [...word].some((c) => LATIN_LETTER.test(c));
    if (latinOriginal && folded !== word) return word;
  }
  return undefined;
}

/** Normalizes text for judging. ASCII text (the common case) is returned untouched. */
export function normalizeText(raw: string): NormalizedText {
  if (ASCII_ONLY.test(raw))
    return { text: raw, hiddenCharacters: false, mixedScriptWord: undefined };
  const visible = raw.replace(INVISIBLE, '');
  const hiddenCharacters = visible !== raw && INVISIBLE_IN_TEXT.test(raw);
  const nfkc = visible.normalize('NFKC');
  const mixed = mixedScriptWord(nfkc);
  CONFUSABLE_CHARS.lastIndex = 0;
  const text = nfkc.replace(CONFUSABLE_CHARS, (c) => CONFUSABLES.get(c) ?? c);
  return { text, hiddenCharacters, mixedScriptWord: mixed };
}
