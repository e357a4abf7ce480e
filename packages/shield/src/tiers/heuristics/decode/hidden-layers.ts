import { BASE64_RUN, decodeBase64Text } from './base64.js';
import { decodeSurface } from './escapes.js';
import { HEX_RUN, decodeHexText } from './hex.js';
import { emptyList } from '../lists.js';

const MAX_LAYERS = 3;
const MAX_SCAN = 64 * 1024;

const MIN_RUN = 16;

/** A base64-alphabet character (hex digits are among them). */
function isRunCharacter(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2b ||
    c === 0x2f ||
    c === 0x5f ||
    c === 0x2d
  );
}

/**
 * Whether `text` holds 16 base64-alphabet characters in a row: BASE64_RUN and HEX_RUN both need
 * that (hex digits are base64 characters), so without it neither scan can find anything.
 */
function hasEncodedRun(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = isRunCharacter(text.charCodeAt(i)) ? run + 1 : 0;
    if (run >= MIN_RUN) return true;
  }
  return false;
}

let lastText: string | undefined;
let lastLayers: readonly string[] = emptyList();

/** {@link findHiddenLayers}, keeping the last answer: a command line is read as shell and as prose in turn. */
export function hiddenLayers(text: string): readonly string[] {
  if (text === lastText) return lastLayers;
  lastLayers = findHiddenLayers(text);
  lastText = text;
  return lastLayers;
}

/**
 * Texts hidden inside `text`: base64 and hex runs that decode to text, and the surface-decoded
 * form when percent, entity or backslash encodings change it. Decoded layers are searched again,
 * up to three deep (base64 inside hex inside base64 …).
 */
function findHiddenLayers(text: string): string[] {
  const found: string[] = emptyList();
  const queue: { text: string; depth: number }[] = [{ text: text.slice(0, MAX_SCAN), depth: 0 }];
  while (queue.length > 0) {
    const next = queue.shift();
    if (next === undefined || next.depth >= MAX_LAYERS) continue;
    const push = (decoded: string | undefined): void => {
      if (decoded === undefined || decoded.length === 0 || found.includes(decoded)) return;
      found.push(decoded);
      queue.push({ text: decoded, depth: next.depth + 1 });
    };
    const surface = decodeSurface(next.text);
    if (surface !== next.text) push(surface);
    if (!hasEncodedRun(next.text)) continue;
    for (const m of next.text.matchAll(BASE64_RUN)) push(decodeBase64Text(m[0]));
    for (const m of next.text.matchAll(HEX_RUN)) push(decodeHexText(m[0]));
  }
  return found;
}
