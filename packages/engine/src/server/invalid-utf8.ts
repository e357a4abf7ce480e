import { isUtf8 } from 'node:buffer';

/**
 * Numbers of the top-level length-delimited fields of an encoded protobuf message whose bytes are
 * not valid UTF-8. protobufjs decodes a bad `string` by substituting U+FFFD, after which "the
 * client sent U+FFFD" and "the client sent garbage" look alike; the raw bytes still tell them
 * apart. Meant for messages whose length-delimited fields are all strings. A message too malformed
 * to walk yields nothing here: the real decoder rejects it.
 */
export function invalidUtf8Fields(bytes: Uint8Array): number[] {
  const bad: number[] = [];
  let offset = 0;
  const varint = (): number | undefined => {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10 && offset < bytes.length; i += 1) {
      const byte = bytes[offset] ?? 0;
      offset += 1;
      value += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) return value;
      scale *= 128;
    }
    return undefined;
  };
  while (offset < bytes.length) {
    const tag = varint();
    if (tag === undefined) return bad;
    const field = Math.floor(tag / 8);
    switch (tag % 8) {
      case 0:
        if (varint() === undefined) return bad;
        break;
      case 1:
        offset += 8;
        break;
      case 2: {
        const length = varint();
        if (length === undefined || offset + length > bytes.length) return bad;
        if (!isUtf8(bytes.subarray(offset, offset + length))) bad.push(field);
        offset += length;
        break;
      }
      case 5:
        offset += 4;
        break;
      default:
        return bad;
    }
  }
  return bad;
}
