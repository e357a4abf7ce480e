import { patternTable } from '../text/pattern-table.js';
import { alternation } from '../text/word-list.js';

/** Street types, written out and abbreviated, that end a street address. */
const STREET_TYPES = [
  'St',
  'Street',
  'Ave',
  'Avenue',
  'Rd',
  'Road',
  'Blvd',
  'Boulevard',
  'Lane',
  'Ln',
  'Dr',
  'Drive',
  'Way',
  'Ct',
  'Court',
  'Pl',
  'Place',
  'Terrace',
  'Ter',
  'Pkwy',
  'Highway',
  'Hwy',
];
/** Conditions and treatments that make a sentence about a person health information. */
const HEALTH_WORDS = [
  'anxiety',
  'depression',
  /diagnos(?:is|ed)/u,
  /therap(?:y|ist)/u,
  'medication',
  'mental health',
  /pregnan(?:t|cy)/u,
  /disabilit(?:y|ies)/u,
  'HIV',
  'chemotherapy',
  'rehab',
];
/** Family members, and the words that give their age: "my daughter, aged 7". */
const FAMILY_MEMBERS = [
  /kids?/u,
  'children',
  'son',
  'daughter',
  'partner',
  'spouse',
  'wife',
  'husband',
];
const AGE_WORDS = [/ages?/u, 'aged', /years? old/u];
/** Papers whose number identifies a person: with the number next to it, the text carries it. */
const IDENTITY_DOCUMENTS = [
  'passport',
  /(?:national )?id(?:entity)? card/u,
  'national id',
  /driv(?:er'?s|ing) licen[cs]e/u,
  /residence permit/u,
];
/** Personal data about people: addresses, identity numbers, health. Storing or sending it needs a human. */
const PERSONAL_DATA = patternTable([
  [
    new RegExp(
      String.raw`\b\d{1,6}\s+(?:[A-Z][a-z]+\s+){1,4}(?:${alternation(STREET_TYPES)})\b\.?`,
      'u',
    ),
    'a street address',
  ],
  [
    /\bhome address\b|\bdate of birth\b|\bpassport (?:number|no)\b|\bsocial security\b/iu,
    'identity details',
  ],
  [
    new RegExp(
      String.raw`\b(?:${alternation(IDENTITY_DOCUMENTS)})\b(?:\s*(?:number|no\.?|nr\.?|#))?[\s:#]*[A-Z]{0,2}\d{6,10}\b`,
      'iu',
    ),
    'an identity document number',
  ],
  [
    /\b(?:born(?: on)?|DOB|d\.o\.b\.?)[\s:]*(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\s+\p{L}{3,9}\s+\d{4})\b/iu,
    'a date of birth',
  ],
  [/\b\d{3}-\d{2}-\d{4}\b/u, 'a social security number'],
  [new RegExp(String.raw`\b(?:${alternation(HEALTH_WORDS)})\b`, 'iu'), 'health information'],
  [
    new RegExp(
      String.raw`\b(?:${alternation(FAMILY_MEMBERS)})\b[^.\n]{0,30}\b(?:${alternation(AGE_WORDS)})\b`,
      'iu',
    ),
    'family details',
  ],
]);

/** Whether the digits pass the Luhn check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

/** Sixteen digits in groups of four, not inside a longer code (an IBAN's groups are not a card). */
const CARD_NUMBER = /(?<![\w -]\d{2,4}[ -]?)\b[2-6]\d{3}(?:[ -]\d{4}){3}\b(?![ -]?\d)/gu;

/** A payment card number: the shape, and the check digit that holds for real ones. */
export function cardNumberIn(text: string): string | undefined {
  for (const [found] of text.matchAll(CARD_NUMBER))
    if (luhnValid(found.replace(/[ -]/gu, ''))) return found;
  return undefined;
}

/** An e-mail address, and a phone number written the international way (+country code). */
export const EMAIL_ADDRESS = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const INTERNATIONAL_PHONE = /(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?!\w)/gu;

function distinct(text: string, pattern: RegExp): number {
  return new Set([...text.matchAll(pattern)].map(([found]) => found.replace(/[ .()-]/gu, ''))).size;
}

/**
 * How to reach several people: phone numbers of two or more, or a phone number with three or more
 * e-mail addresses (a contact list, a customer export). A signature with one number and the
 * sender's addresses is not this.
 */
function contactDetailsIn(text: string): string | undefined {
  const phones = distinct(text, INTERNATIONAL_PHONE);
  if (phones === 0) return undefined;
  if (phones >= 2 || distinct(text, EMAIL_ADDRESS) >= 3) return "people's contact details";
  return undefined;
}

export function personalDataIn(text: string): string | undefined {
  return (
    PERSONAL_DATA.first(text) ??
    (cardNumberIn(text) === undefined ? undefined : 'a payment card number') ??
    contactDetailsIn(text)
  );
}

/** Country code, check digits, then 11 to 30 letters and digits, in groups of four or not. */
const IBAN_SHAPE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/gu;

/** Whether the IBAN's check digits hold (ISO 13616: moved to the end, read as a number, mod 97 is 1). */
function ibanChecks(candidate: string): boolean {
  const compact = candidate.replace(/ /gu, '');
  if (compact.length < 15 || compact.length > 34) return false;
  let rest = 0;
  for (const char of compact.slice(4) + compact.slice(0, 4)) {
    const value = Number.parseInt(char, 36);
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest === 1;
}

/**
 * Someone's bank account number: an IBAN whose check digits hold (never a tracking code of the
 * same shape). Not personal data on its own (a user gives theirs to be paid); it is the cargo of a
 * mail whose recipient nobody named.
 */
export function bankAccountIn(text: string): string | undefined {
  for (const [candidate] of text.matchAll(IBAN_SHAPE))
    if (ibanChecks(candidate)) return 'a bank account number (IBAN)';
  return undefined;
}
