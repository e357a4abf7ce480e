/** Enough of a bad value to recognise it; small enough for gRPC metadata, logs and a model's context. */
export const DEFAULT_ECHO_BYTES = 200;

/**
 * `value` quoted for an error message, cut to at most `maxBytes` UTF-8 bytes of its text (at a
 * character boundary) with a marker giving its real size: input is echoed, never reflected whole.
 */
export function echoInput(value: string, maxBytes = DEFAULT_ECHO_BYTES): string {
  const quoted = JSON.stringify(value);
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes <= maxBytes) return quoted;
  return `${JSON.stringify(truncateUtf8(value, maxBytes))}… (${bytes} bytes)`;
}

/** The longest prefix of `text` that is at most `maxBytes` UTF-8 bytes, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 3 || Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const encoded = Buffer.from(text, 'utf8');
  let end = Math.max(0, maxBytes);
  // Back up over continuation bytes (10xxxxxx) so the cut falls before a character's first byte.
  while (end > 0 && ((encoded[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return encoded.subarray(0, end).toString('utf8');
}
