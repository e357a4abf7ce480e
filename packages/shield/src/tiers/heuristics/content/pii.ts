import { caseless } from '../../../caseless.js';

/** Personal data about people: addresses, identity numbers, health. Storing or sending it needs a human. */
const PERSONAL_DATA: readonly (readonly [{ test(text: string): boolean }, string])[] = [
  [/\b\d{1,6}\s+(?:[A-Z][a-z]+\s+){1,4}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Lane|Ln|Dr|Drive|Way|Ct|Court|Pl|Place|Terrace|Ter|Pkwy|Highway|Hwy)\b\.?/u, 'a street address'],
  [caseless(/\bhome address\b|\bdate of birth\b|\bpassport (?:number|no)\b|\bsocial security\b/iu), 'identity details'],
  [/\b\d{3}-\d{2}-\d{4}\b/u, 'a social security number'],
  [caseless(/\b(?:anxiety|depression|diagnos(?:is|ed)|therap(?:y|ist)|medication|mental health|pregnan(?:t|cy)|disabilit(?:y|ies)|HIV|chemotherapy|rehab)\b/iu), 'health information'],
  [caseless(/\b(?:kids?|children|son|daughter|partner|spouse|wife|husband)\b[^.\n]{0,30}\b(?:ages?|aged|years? old)\b/iu), 'family details'],
];

export function personalDataIn(text: string): string | undefined {
  for (const [pattern, label] of PERSONAL_DATA) if (pattern.test(text)) return label;
  return undefined;
}
