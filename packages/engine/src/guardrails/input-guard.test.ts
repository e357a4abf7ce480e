import { describe, expect, it } from 'vitest';
import { createInputGuard } from './input-guard.js';

const pii = (mode: 'off' | 'redact' | 'block') => ({ mode, kinds: ['email', 'phone', 'card', 'iban'] as const });

describe('input guard', () => {
  it('counts characters, not bytes, against max_input_chars', () => {
    const guard = createInputGuard({ maxInputChars: 3, pii: pii('off') });
    expect(guard('ééé')).toBe('ééé');
    expect(() => guard('éééé')).toThrow('the message is 4 characters; guardrails.max_input_chars allows 3');
  });

  it('redacts, blocks without quoting the data, or lets through, per mode', () => {
    const text = 'reach me at jane@example.com';
    expect(createInputGuard({ pii: pii('off') })(text)).toBe(text);
    expect(createInputGuard({ pii: pii('redact') })(text)).toBe('reach me at [EMAIL]');
    expect(() => createInputGuard({ pii: pii('block') })(text)).toThrow(/^the message holds personal data \(email\)/);
    expect(createInputGuard({ pii: pii('block') })('nothing personal')).toBe('nothing personal');
  });
});
