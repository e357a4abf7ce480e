import { describe, expect, it } from 'vitest';
import { latin1Bytes, utf8Bytes, utf8Text } from './bytes.js';

const texts = [
  '',
  'echo starting\n',
  'caf\u00e9',
  '\u0141\u00f3d\u017a',
  'emoji \ud83d\ude00',
  'lone \ud83d surrogate',
  '\u0000\u00ff\u0100\uffff',
];
/** Byte strings, some of them invalid UTF-8. */
const byteStrings = [
  '',
  'plain',
  '\u00c3\u00a9',
  '\u00ff\u00fe',
  '\u00e2\u0082',
  '\u00f0\u009f\u0098\u0080',
  String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i)),
];

describe('bytes', () => {
  it('encode and decode exactly as Buffer does', () => {
    for (const text of texts) {
      expect(latin1Bytes(text)).toBe(Buffer.from(text, 'latin1').toString('latin1'));
      expect(utf8Bytes(text)).toBe(Buffer.from(text, 'utf8').toString('latin1'));
    }
    for (const bytes of byteStrings)
      expect(utf8Text(bytes)).toBe(Buffer.from(bytes, 'latin1').toString('utf8'));
  });

  it('leave ASCII as it is', () => {
    expect(utf8Text('ls -la\n')).toBe('ls -la\n');
    expect(utf8Bytes('ls -la\n')).toBe('ls -la\n');
  });
});
