import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { passesLuhn } from './luhn.js';

export const PII_KINDS = ['email', 'phone', 'card', 'iban'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

export interface PiiSpan {
  readonly kind: PiiKind;
  readonly start: number;
  readonly end: number;
}

const EMAIL = /(?<![\w.%+-])[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])/g;
/** 13–19 digits, alone or in groups split by one space or hyphen. */
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;
/** Two capitals, two check digits, then 11–30 capitals and digits, possibly in groups of four. */
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![A-Za-z0-9])/g;
/** A `+` number, or one written in groups or with an area code in parentheses. */
const PHONE = /(?<![\w+])(?:\+\d[\d ().-]{6,20}\d|\(\d{1,5}\)[ .-]?\d[\d .-]{4,16}\d|\d{2,5}[ .-]\d[\d .-]{4,16}\d)(?!\w)/g;

/** The matches `accept` takes; with `shrink`, else their longest accepted prefix before a space (a word after an IBAN). */
function spans(regex: RegExp, text: string, kind: PiiKind, accept: (match: string) => boolean, shrink = false): PiiSpan[] {
  const found: PiiSpan[] = [];
  for (const match of text.matchAll(regex)) {
    let candidate = match[0];
    while (shrink && !accept(candidate)) {
      const cut = candidate.lastIndexOf(' ');
      if (cut <= 0) break;
      candidate = candidate.slice(0, cut);
    }
    if (accept(candidate)) found.push({ kind, start: match.index, end: match.index + candidate.length });
  }
  return found;
}

const digitsOf = (text: string): string => text.replace(/\D/g, '');

function isCard(candidate: string): boolean {
  const digits = digitsOf(candidate);
  return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
}

function isIban(candidate: string): boolean {
  const compact = electronicFormatIBAN(candidate);
  return compact !== null && isValidIBAN(compact);
}

/** Dates (2026-11-23) and times have too few digits; a phone number has 8 to 15. */
function isPhone(candidate: string): boolean {
  const digits = digitsOf(candidate).length;
  if (digits < 8 || digits > 15) return false;
  return candidate.startsWith('+') || digits >= 10;
}

/**
 * Where the personal data of the given kinds is in `text`. Card numbers must pass the Luhn check and
 * IBANs their mod-97 checksum (ibantools, which also knows each country's length), so ordinary
 * numbers are left alone; a span found as a card or IBAN is not reported again as a phone number.
 */
export function findPii(text: string, kinds: ReadonlySet<PiiKind>): PiiSpan[] {
  const found: PiiSpan[] = [];
  if (kinds.has('email')) found.push(...spans(EMAIL, text, 'email', () => true));
  if (kinds.has('iban')) found.push(...spans(IBAN, text, 'iban', isIban, true));
  if (kinds.has('card')) found.push(...spans(CARD, text, 'card', isCard));
  if (kinds.has('phone')) {
    const taken = [...found];
    found.push(...spans(PHONE, text, 'phone', isPhone).filter((phone) => !taken.some((span) => span.start < phone.end && phone.start < span.end)));
  }
  return found.sort((a, b) => a.start - b.start);
}

/** `text` with each span replaced by its kind in brackets ([EMAIL], [PHONE], [CARD], [IBAN]). */
export function redactPii(text: string, found: readonly PiiSpan[]): string {
  let out = '';
  let at = 0;
  for (const span of found) {
    if (span.start < at) continue;
    out += `${text.slice(at, span.start)}[${span.kind.toUpperCase()}]`;
    at = span.end;
  }
  return out + text.slice(at);
}
