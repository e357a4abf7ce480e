import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';

const TEXT_TYPES =
  /^(?:text\/[a-z0-9.+-]+|application\/(?:json|xml|javascript|ecmascript|x-www-form-urlencoded|x-yaml|yaml|toml|x-ndjson|csv|[a-z0-9.-]+\+(?:json|xml)))$/u;

/** Whether a Content-Type names text; an absent one is judged from the bytes. */
export function isTextType(contentType: string | undefined): boolean | undefined {
  if (contentType === undefined || contentType.trim() === '') return undefined;
  return TEXT_TYPES.test(contentType.split(';')[0]?.trim().toLowerCase() ?? '');
}

function charsetOf(contentType: string | undefined): string {
  const match = /;\s*charset\s*=\s*"?([a-z0-9._:-]+)"?/iu.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

export interface BodyText {
  readonly text: string;
  readonly bytes: number;
  /** The body was longer than the cap; `text` is its beginning. */
  readonly truncated: boolean;
  /** Undeclared type and NUL bytes: binary, not returned. */
  readonly binary: boolean;
}

/** Reads at most `maxBytes` of a body (then stops the download) and decodes it as text. */
export async function readBodyText(body: Readable, contentType: string | undefined, maxBytes: number): Promise<BodyText> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let truncated = false;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = maxBytes - bytes;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      bytes += room;
      truncated = true;
      body.destroy();
      break;
    }
    chunks.push(chunk);
    bytes += chunk.length;
  }
  const data = Buffer.concat(chunks);
  if (isTextType(contentType) === undefined && data.subarray(0, 8192).includes(0)) return { text: '', bytes, truncated, binary: true };
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(contentType));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return { text: decoder.decode(data), bytes, truncated, binary: false };
}
