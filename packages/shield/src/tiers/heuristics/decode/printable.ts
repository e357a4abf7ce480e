const MIN_PRINTABLE_RATIO = 0.9;

/** Decoded bytes count as hidden text only when they read as text (not an image or random bytes). */
export function asPrintableText(bytes: Buffer): string | undefined {
  if (bytes.length === 0) return undefined;
  let printable = 0;
  for (const b of bytes)
    if ((b >= 0x20 && b < 0x7f) || b === 0x0a || b === 0x0d || b === 0x09 || b >= 0x80) printable++;
  if (printable / bytes.length < MIN_PRINTABLE_RATIO) return undefined;
  const text = bytes.toString('utf8');
  return text.includes('\uFFFD') ? undefined : text;
}
