import { isAscii } from '../../../caseless.js';

/**
 * Command output known without running anything, as a byte string: one character per byte
 * (0–255), exactly what a Buffer holds in `latin1`. Echo and printf output — nearly all of it
 * ASCII — then needs no Buffer at all; a Buffer is made only where bytes are really decoded.
 */
export type Bytes = string;

/** Bytes as Buffer.from(text, 'latin1') stores them: each UTF-16 unit keeps its low byte. */
export function latin1Bytes(text: string): Bytes {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff) return Buffer.from(text, 'latin1').toString('latin1');
  }
  return text;
}

/** The UTF-8 encoding of `text` (Buffer.from(text, 'utf8')). */
export function utf8Bytes(text: string): Bytes {
  return isAscii(text) ? text : Buffer.from(text, 'utf8').toString('latin1');
}

/** The bytes read as UTF-8 (Buffer#toString('utf8'): invalid sequences become U+FFFD). */
export function utf8Text(bytes: Bytes): string {
  return isAscii(bytes) ? bytes : Buffer.from(bytes, 'latin1').toString('utf8');
}

export const toBuffer = (bytes: Bytes): Buffer => Buffer.from(bytes, 'latin1');
export const fromBuffer = (buffer: Buffer): Bytes => buffer.toString('latin1');
