import { patternTable } from '../text/pattern-table.js';

/** Personal data about people: addresses, identity numbers, health. Storing or sending it needs a human. */
const PERSONAL_DATA = patternTable([
  [
    /\b\d{1,6}\s+(?:[A-Z][a-z]+\s+){1,4}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Lane|Ln|Dr|Drive|Way|Ct|Court|Pl|Place|Terrace|Ter|Pkwy|Highway|Hwy)\b\.?/u,
    'a street address',
  ],
  [
    /\bhome address\b|\bdate of birth\b|\bpassport (?:number|no)\b|\bsocial security\b/iu,
    'identity details',
  ],
  [/\b\d{3}-\d{2}-\d{4}\b/u, 'a social security number'],
  [
    /\b(?:anxiety|depression|diagnos(?:is|ed)|therap(?:y|ist)|medication|mental health|pregnan(?:t|cy)|disabilit(?:y|ies)|HIV|chemotherapy|rehab)\b/iu,
    'health information',
  ],
  [
    /\b(?:kids?|children|son|daughter|partner|spouse|wife|husband)\b[^.\n]{0,30}\b(?:ages?|aged|years? old)\b/iu,
    'family details',
  ],
]);

export function personalDataIn(text: string): string | undefined {
  return PERSONAL_DATA.first(text);
}
