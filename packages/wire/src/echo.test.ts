import { describe, expect, it } from 'vitest';
import { echoInput, truncateUtf8 } from './echo.js';

describe('echoInput', () => {
  it('quotes short input whole', () => {
    expect(echoInput('fax')).toBe('"fax"');
  });

  it('cuts long input and says how long it really was', () => {
    const echoed = echoInput('x'.repeat(8192), 16);
    expect(echoed).toBe(`"${'x'.repeat(16)}"… (8192 bytes)`);
  });
});

describe('truncateUtf8', () => {
  it('never splits a multi-byte character', () => {
    expect(truncateUtf8('aé€😀', 1)).toBe('a');
    expect(truncateUtf8('aé€😀', 2)).toBe('a');
    expect(truncateUtf8('aé€😀', 3)).toBe('aé');
    expect(truncateUtf8('aé€😀', 6)).toBe('aé€');
    expect(truncateUtf8('aé€😀', 9)).toBe('aé€');
    expect(truncateUtf8('aé€😀', 10)).toBe('aé€😀');
  });

  it('returns text that fits as it is', () => {
    expect(truncateUtf8('short', 100)).toBe('short');
  });
});
