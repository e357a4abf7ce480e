import { ParapetError } from '@parapet/wire';
import type { PositionedMessage } from '../storage/index.js';

/** Messages in a page when the client names no limit. */
export const DEFAULT_HISTORY_PAGE = 100;

/**
 * A page stops adding messages past this many bytes of text (it always holds at least one): with
 * stored messages capped at 1 MiB of content and 1 MiB of thoughts, every page fits in gRPC's
 * 4 MiB default message size.
 */
export const HISTORY_PAGE_BYTES = 2 * 1024 * 1024;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,24}$/;
const POSITION_PATTERN = /^[1-9][0-9]{0,15}$/;

/** Opaque to clients: where the next page starts. */
export function encodePageToken(position: number): string {
  return Buffer.from(`p${position}`, 'utf8').toString('base64url');
}

export function decodePageToken(token: string): number {
  const decoded = TOKEN_PATTERN.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : '';
  const position = decoded.startsWith('p') ? decoded.slice(1) : '';
  if (!POSITION_PATTERN.test(position)) {
    throw new ParapetError('INVALID_ARGUMENT', 'page_token is not one this engine handed out (pass next_page_token back unchanged)');
  }
  return Number(position);
}

function textBytes(entry: PositionedMessage): number {
  return Buffer.byteLength(entry.message.content, 'utf8') + Buffer.byteLength(entry.message.thoughts, 'utf8');
}

/**
 * The page out of `rows` (read with one row more than `limit`, to tell whether more follow):
 * at most `limit` messages and `maxBytes` of text, and the token of the next page ('' at the end).
 */
export function fitPage(
  rows: readonly PositionedMessage[],
  limit: number,
  maxBytes = HISTORY_PAGE_BYTES,
): { page: PositionedMessage[]; nextPageToken: string } {
  const page: PositionedMessage[] = [];
  let bytes = 0;
  for (const row of rows.slice(0, limit)) {
    const size = textBytes(row);
    if (page.length > 0 && bytes + size > maxBytes) break;
    page.push(row);
    bytes += size;
  }
  const last = page.at(-1);
  const more = last !== undefined && rows.length > page.length;
  return { page, nextPageToken: more ? encodePageToken(last.position) : '' };
}
