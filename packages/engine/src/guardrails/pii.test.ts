import { describe, expect, it } from 'vitest';
import { passesLuhn } from './luhn.js';
import { PII_KINDS, findPii, redactPii } from './pii.js';

const all = new Set(PII_KINDS);
const redact = (text: string): string => redactPii(text, findPii(text, all));

describe('PII detection', () => {
  it('redacts e-mail addresses, phone numbers, card numbers and IBANs', () => {
    expect(redact('mail jane.doe+x@example.co.uk now')).toBe('mail [EMAIL] now');
    expect(redact('call +44 20 7946 0958 or (555) 123-4567 or 030 1234 5678')).toBe('call [PHONE] or [PHONE] or [PHONE]');
    expect(redact('card 4111 1111 1111 1111, also 5500-0000-0000-0004')).toBe('card [CARD], also [CARD]');
    expect(redact('pay to DE89 3704 0044 0532 0130 00 or GB82WEST12345698765432.')).toBe('pay to [IBAN] or [IBAN].');
  });

  it('leaves numbers alone that fail their checksum, and dates, times and versions', () => {
    expect(redact('card 4111 1111 1111 1112')).toBe('card 4111 1111 1111 1112');
    expect(redact('iban DE89 3704 0044 0532 0130 01')).toBe('iban DE89 3704 0044 0532 0130 01');
    expect(redact('on 2026-11-23 at 10:30, v1.2.3, order 12345')).toBe('on 2026-11-23 at 10:30, v1.2.3, order 12345');
  });

  it('finds only the kinds asked for', () => {
    const text = 'jane@example.com 4111111111111111';
    expect(redactPii(text, findPii(text, new Set(['card'])))).toBe('jane@example.com [CARD]');
  });

  it('checks Luhn like the card networks', () => {
    expect(['4111111111111111', '79927398713', '378282246310005'].map(passesLuhn)).toEqual([true, true, true]);
    expect(['4111111111111112', '79927398710', 'abc'].map(passesLuhn)).toEqual([false, false, false]);
  });
});
