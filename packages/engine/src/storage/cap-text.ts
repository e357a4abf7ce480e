import { truncateUtf8 } from '@parapet/wire';

/** Room the marker may take: text streamed live stays within `cap - this`, a prefix of what is stored. */
export const CUT_MARKER_MAX_BYTES = 256;

/**
 * `text` cut to at most `maxBytes` UTF-8 bytes, ending with a marker that says it was cut and how
 * long it was, so neither a reader nor the model mistakes the rest for the whole.
 */
export function capStoredText(text: string, maxBytes: number): string {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxBytes) return text;
  const marker = `\n\n[… cut by Parapet: this text was ${bytes} bytes, only the first part is stored]`;
  return truncateUtf8(text, Math.max(0, maxBytes - Buffer.byteLength(marker, 'utf8'))) + marker;
}
