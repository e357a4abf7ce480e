import { stemmer } from 'stemmer';
import type { UserRequest } from '../../../types.js';

/** Numbers people spell out ("chapter three", "every two weeks"), compared as digits. */
const NUMBER_WORDS: Readonly<Record<string, string>> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
};

const STEM_CACHE_SIZE = 20_000;
const stems = new Map<string, string>();

/**
 * A word reduced to what its forms share: lower case, numbers as digits, and the Porter stem of
 * the rest ("moved", "moving" and "move" are one word).
 */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    const lower = word.toLowerCase().replace(/['’]s$/u, '');
    if (/^\d+$/u.test(lower)) stemmed = String(Number(lower));
    else stemmed = NUMBER_WORDS[lower] ?? stemmer(lower);
    // The same few thousand words come back action after action; an agent's made-up words
    // must not grow the cache without end.
    if (stems.size >= STEM_CACHE_SIZE) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** The words of a text, letters and digits apart ("chapter-03" is `chapter`, `3`), as stems. */
export function stemsOf(text: string): string[] {
  return (text.match(/\p{L}+(?:['’]\p{L}+)?|\p{N}+/gu) ?? []).map(stem);
}

/** What the user said, as stems, and their text in lower case for verbatim look-ups. */
export interface SaidWords {
  readonly stems: ReadonlySet<string>;
  readonly lower: string;
}

const said = new WeakMap<UserRequest, SaidWords>();

export function saidWords(request: UserRequest): SaidWords {
  let words = said.get(request);
  if (words === undefined) {
    words = { stems: new Set(stemsOf(request.text)), lower: request.text.toLowerCase() };
    said.set(request, words);
  }
  return words;
}

/** The user's words, or undefined when there is no request or it says nothing. */
export function requestWords(request: UserRequest | undefined): SaidWords | undefined {
  return request === undefined || request.text.trim() === '' ? undefined : saidWords(request);
}

/** Long words match on their first six letters too ("summary" / "summarise"). */
const SHARED_PREFIX = 6;

/** Whether the user said this word (as a stem, or a long word sharing its first six letters). */
export function userSaid(word: string, words: SaidWords): boolean {
  return userSaidStem(stem(word), words);
}

/**
 * `userSaid` for a word already stemmed (from `stemsOf`): stemming twice takes a second letter off
 * a stem that ends in "s" ("expenses", "expens", "expen"), which the user's stems never hold.
 */
export function userSaidStem(stemmed: string, words: SaidWords): boolean {
  if (words.stems.has(stemmed)) return true;
  if (stemmed.length < SHARED_PREFIX) return false;
  const prefix = stemmed.slice(0, SHARED_PREFIX);
  for (const saidStem of words.stems)
    if (saidStem.length >= SHARED_PREFIX && saidStem.startsWith(prefix)) return true;
  return false;
}

/** Whether the user's text holds this exact phrase (an address, a file name) as a whole token. */
export function userTyped(phrase: string, words: SaidWords): boolean {
  const needle = phrase.toLowerCase();
  // An empty phrase names nothing (and `indexOf('')` would never run out).
  if (needle === '') return false;
  let at = words.lower.indexOf(needle);
  while (at >= 0) {
    const end = at + needle.length;
    // A full stop ends a sentence after an address ("write to sam@example.com.").
    const after = words.lower[end] === '.' ? words.lower[end + 1] : words.lower[end];
    if (!isTokenChar(words.lower[at - 1]) && !isTokenChar(after)) return true;
    at = words.lower.indexOf(needle, at + 1);
  }
  return false;
}

/**
 * Whether the user wrote this name as separate or hyphenated words: an agent named `oncall` is the
 * "on-call agent", `dataops` the "data ops" one.
 */
export function userSaidCompound(name: string, words: SaidWords): boolean {
  const letters = name.toLowerCase().match(/[\p{L}\p{N}]/gu);
  if (letters === null || letters.length < 3) return false;
  // Letters and digits only: none of them means anything in a pattern.
  const spelled = letters.join('[-_ ]?');
  return new RegExp(`(?<![\\p{L}\\p{N}])${spelled}(?![\\p{L}\\p{N}])`, 'u').test(words.lower);
}

function isTokenChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}@._%+-]/u.test(char);
}
