import { REDACTED } from './patterns.js';
import type { Redactor } from './redactor.js';

export interface StreamRedactor {
  /** Feed a chunk; returns the redacted text that is now safe to pass on (possibly empty). */
  push(chunk: string): string;
  /** End of stream: everything still held back, redacted. */
  flush(): string;
}

/** Complete words held back beside the trailing partial one, so `Bearer`/`password =` keep their value in view. */
const HELD_WORDS = 2;
/** A whitespace-free run longer than this is released anyway, minus a tail (progress over perfection). */
const MAX_HELD_CHARS = 8192;
const FORCED_TAIL_CHARS = 512;
/** An unterminated private key longer than this is dropped wholesale until its END line. */
const MAX_KEY_BLOCK_CHARS = 65_536;

const KEY_BLOCK_AT = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/y;
const COMPLETE_HEADER_AT = /-----BEGIN ([A-Z0-9 ]*)-----/y;
const KEY_BLOCK_END = /-----END [A-Z0-9 ]*PRIVATE KEY-----/;

/**
 * Releases text only up to a cut no secret can straddle: never inside a word, never between a
 * key name and its value, never inside a match, an open private-key block or the start of a
 * configured secret. Held text is re-examined with each new chunk.
 */
export function createStreamRedactor(redactor: Redactor): StreamRedactor {
  let buffer = '';
  let swallowingKeyBlock = false;

  const push = (chunk: string): string => {
    buffer += chunk;
    if (swallowingKeyBlock) {
      const end = KEY_BLOCK_END.exec(buffer);
      if (!end) {
        buffer = buffer.slice(-64);
        return '';
      }
      buffer = buffer.slice(end.index + end[0].length);
      swallowingKeyBlock = false;
    }
    const openKey = openKeyBlockStart(buffer);
    if (openKey !== undefined && buffer.length - openKey > MAX_KEY_BLOCK_CHARS) {
      const released = redactor.redact(buffer.slice(0, openKey)) + REDACTED;
      buffer = '';
      swallowingKeyBlock = true;
      return released;
    }
    const cut = safeCut(buffer, openKey, redactor);
    const released = redactor.redact(buffer.slice(0, cut));
    buffer = buffer.slice(cut);
    return released;
  };

  const flush = (): string => {
    if (swallowingKeyBlock) {
      buffer = '';
      swallowingKeyBlock = false;
      return '';
    }
    const openKey = openKeyBlockStart(buffer);
    const released = openKey === undefined ? redactor.redact(buffer) : redactor.redact(buffer.slice(0, openKey)) + REDACTED;
    buffer = '';
    return released;
  };

  return { push, flush };
}

function safeCut(text: string, openKey: number | undefined, redactor: Redactor): number {
  let cut = heldWordsStart(text);
  if (text.length - cut > MAX_HELD_CHARS) cut = text.length - FORCED_TAIL_CHARS;
  if (openKey !== undefined) cut = Math.min(cut, openKey);
  for (const secret of redactor.secrets) {
    for (let k = Math.min(secret.length - 1, text.length); k > 0; k -= 1) {
      if (text.endsWith(secret.slice(0, k))) {
        cut = Math.min(cut, text.length - k);
        break;
      }
    }
  }
  return pullBackFromMatches(text, cut, redactor);
}

/** Start of the trailing partial word plus the HELD_WORDS complete words before it. */
function heldWordsStart(text: string): number {
  let i = text.length;
  const isSpace = (index: number): boolean => isWhiteSpace(text.charCodeAt(index));
  while (i > 0 && !isSpace(i - 1)) i -= 1;
  for (let word = 0; word < HELD_WORDS; word += 1) {
    while (i > 0 && isSpace(i - 1)) i -= 1;
    while (i > 0 && !isSpace(i - 1)) i -= 1;
  }
  return i;
}

/** What `/\s/` matches, by char code: called for each character held, once per streamed chunk. */
function isWhiteSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Moves the cut left until no detected secret, with the key name it was found by, straddles it. */
function pullBackFromMatches(text: string, initial: number, redactor: Redactor): number {
  // Nothing is released yet: no span can straddle the start, so the text need not be scanned.
  if (initial <= 0) return initial;
  const spans = redactor.findSecrets(text);
  let cut = initial;
  for (let moved = true; moved; ) {
    moved = false;
    for (const span of spans) {
      if (span.contextStart < cut && span.contextEnd > cut) {
        cut = span.contextStart;
        moved = true;
      }
    }
  }
  return cut;
}

/** Index of the first `-----BEGIN` that opens (or may still open) a private key not yet closed. */
function openKeyBlockStart(text: string): number | undefined {
  for (let at = text.indexOf('-----BEGIN'); at >= 0; at = text.indexOf('-----BEGIN', at + 1)) {
    KEY_BLOCK_AT.lastIndex = at;
    if (KEY_BLOCK_AT.test(text)) continue;
    COMPLETE_HEADER_AT.lastIndex = at;
    const header = COMPLETE_HEADER_AT.exec(text);
    if (header && !header[1]?.includes('PRIVATE KEY')) continue;
    return at;
  }
  // A trailing `-----BEG…` fragment is part of the partial last word, which is held anyway.
  return undefined;
}
