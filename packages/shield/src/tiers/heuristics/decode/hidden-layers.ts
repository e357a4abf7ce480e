import { BASE64_RUN, decodeBase64Text } from './base64.js';
import { decodeSurface } from './escapes.js';
import { HEX_RUN, decodeHexText } from './hex.js';

const MAX_LAYERS = 3;
const MAX_SCAN = 64 * 1024;

let lastText: string | undefined;
let lastLayers: readonly string[] = [];

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
  const found: string[] = [];
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
    for (const m of next.text.matchAll(BASE64_RUN)) push(decodeBase64Text(m[0]));
    for (const m of next.text.matchAll(HEX_RUN)) push(decodeHexText(m[0]));
  }
  return found;
}
