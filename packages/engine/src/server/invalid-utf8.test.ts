import { describe, expect, it } from 'vitest';
import { invalidUtf8Fields } from './invalid-utf8.js';

/** A length-delimited field as protobuf encodes it (tags and lengths under 128 here). */
function field(number: number, payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from([(number << 3) | 2, payload.length]), payload]);
}

describe('invalidUtf8Fields', () => {
  it('finds nothing wrong in well-formed text, U+FFFD included', () => {
    const message = Buffer.concat([field(2, Buffer.from('héllo \uFFFD 😀', 'utf8')), field(3, Buffer.from('cli'))]);
    expect(invalidUtf8Fields(message)).toEqual([]);
  });

  it('names each field whose bytes are not UTF-8', () => {
    const message = Buffer.concat([
      field(1, Buffer.from('ok')),
      field(2, Buffer.from([0x68, 0x69, 0xff, 0xfe])),
      field(3, Buffer.from([0xc3])),
    ]);
    expect(invalidUtf8Fields(message)).toEqual([2, 3]);
  });

  it('skips varint and fixed-width fields', () => {
    const message = Buffer.concat([Buffer.from([0x08, 0x96, 0x01]), Buffer.from([0x0d, 1, 2, 3, 4]), field(2, Buffer.from([0xed, 0xa0, 0x80]))]);
    // 0xED 0xA0 0x80 encodes a lone surrogate: not valid UTF-8.
    expect(invalidUtf8Fields(message)).toEqual([2]);
  });
});
